import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Me } from "@/domain/auth/auth.schema";
import { ApiRequestError, api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";
import { ME_QUERY_KEY } from "@/web/lib/query-client";

export const meQueryKey = ME_QUERY_KEY;

/** Whether this page has seen someone signed in: only then can a 401 be a session just replaced. */
let signedInBefore = false;

/** How long a replaced session's new cookie may take to reach the browser's store. */
const REPLACED_SESSION_GRACE_MS = 500;

async function askMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    const me = await api.get<Me>(apiPaths.me, { signal });
    signedInBefore = true;
    return me;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

/**
 * The signed-in user and what they may open; null when signed out (a 401 is an answer, not an
 * error). Confirming the authenticator app or changing the password replaces the session and then
 * ends the old one everywhere, which tells this page's live stream to ask again: that question can
 * leave before the new cookie is stored, and a 401 then would send a signed-in person to /login. So
 * a page that was signed in asks once more, a moment later, before believing it.
 */
export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  const me = await askMe(signal);
  if (me || !signedInBefore) return me;
  await new Promise((resolve) => setTimeout(resolve, REPLACED_SESSION_GRACE_MS));
  const again = await askMe(signal);
  if (!again) signedInBefore = false;
  return again;
}

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) => getMe(signal),
  staleTime: 60_000,
});

export function useMe() {
  return useQuery(meQueryOptions);
}
