import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { QueuePage } from "@/domain/requests/review-api";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";
import { useMe } from "@/web/lib/get-me";

/** 'Caixa de entrada' and its count live under ["review"]: live events and every move refresh them. */
export const reviewQueryKey = ["review"] as const;

export const QUEUE_PAGE_SIZE = 30;

export type QueueFilters = {
  tipo?: string;
  status?: string;
  solicitante?: string;
  de?: string;
  ate?: string;
  /** 'Buscar': words of the requests' own texts. */
  busca?: string;
};

export function getQueue(filters: QueueFilters, cursor: string | null, signal?: AbortSignal) {
  return api.get<QueuePage>(apiPaths.caixa.list({ limit: QUEUE_PAGE_SIZE, ...filters, cursor }), { signal });
}

export function queueQueryOptions(userId: string, filters: QueueFilters) {
  return infiniteQueryOptions({
    queryKey: [...reviewQueryKey, userId, "queue", filters],
    queryFn: ({ pageParam, signal }) => getQueue(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The requests the user's teams handle, oldest first, a page at a time. */
export function useQueue(filters: QueueFilters) {
  const userId = useMe().data?.user.id ?? "";
  return useInfiniteQuery({ ...queueQueryOptions(userId, filters), enabled: userId !== "" });
}
