import { infiniteQueryOptions, type QueryClient, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";
import { useMe } from "@/web/lib/get-me";
import type { RequestListPage } from "../types";

/**
 * Every query of this feature starts with this key, then the user's id: a
 * session that ends without a logout (401) leaves the cache in place, and the
 * next person to sign in on this browser must not see the previous one's list.
 */
export const requestsQueryKey = ["requests"] as const;

export const REQUESTS_PAGE_SIZE = 20;

export function getRequests(
  cursor: string | null,
  signal?: AbortSignal,
  busca?: string,
): Promise<RequestListPage> {
  return api.get<RequestListPage>(apiPaths.requests.list({ limit: REQUESTS_PAGE_SIZE, cursor, busca }), {
    signal,
  });
}

/** The list, or the requests a search ('Buscar') finds in it: each kept under its own key. */
export function requestListQueryOptions(userId: string, busca?: string) {
  return infiniteQueryOptions({
    queryKey: [...requestsQueryKey, userId, "list", busca ?? ""],
    queryFn: ({ pageParam, signal }) => getRequests(pageParam, signal, busca),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The signed-in user's requests, newest first, a page at a time ('Carregar mais'). */
export function useRequests(busca?: string) {
  const userId = useMe().data?.user.id ?? "";
  return useInfiniteQuery({ ...requestListQueryOptions(userId, busca), enabled: userId !== "" });
}

/** After a new request: every cached list is out of date (the details are not). */
export function invalidateRequestLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    queryKey: requestsQueryKey,
    predicate: (query) => query.queryKey[2] === "list",
  });
}
