import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Me } from "@/domain/auth/auth.schema";
import { ApiRequestError, api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";
import { ME_QUERY_KEY } from "@/web/lib/query-client";

export const meQueryKey = ME_QUERY_KEY;

/** The signed-in user and what they may open; null when signed out (a 401 is an answer, not an error). */
export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await api.get<Me>(apiPaths.me, { signal });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) => getMe(signal),
  staleTime: 60_000,
});

export function useMe() {
  return useQuery(meQueryOptions);
}
