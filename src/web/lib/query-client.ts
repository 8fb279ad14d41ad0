import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { SECOND_FACTOR_OWED_CODES } from "@/domain/auth/second-factor-codes";
import { ApiRequestError } from "./api-client";

/** The signed-in user's query (lib/get-me.ts); kept here so the cache below can clear it. */
export const ME_QUERY_KEY = ["me"] as const;

/** Retries only what may pass on its own (network failure, 5xx); a 4xx answer will not change. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  return !(error instanceof ApiRequestError) || error.isTransient;
}

/**
 * Any 401 means the session is gone (expired, or ended elsewhere): forget the
 * user, and the protected layout sends the browser to /login. On /login itself
 * (a wrong password is a 401 too) the user is already null, so nothing changes.
 */
function onError(error: unknown) {
  if (error instanceof ApiRequestError && error.status === 401 && queryClient.getQueryData(ME_QUERY_KEY)) {
    queryClient.setQueryData(ME_QUERY_KEY, null);
  }
  // A second factor is owed (to enrol, or a passkey to sign in with): `me` says so, and the layout asks for it.
  const owed = error instanceof ApiRequestError && error.status === 403 ? error.code : undefined;
  if (owed && SECOND_FACTOR_OWED_CODES.includes(owed)) {
    void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  }
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
