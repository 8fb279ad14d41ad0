import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";
import { useMe } from "@/web/lib/get-me";
import type { RequestDetail } from "../types";
import { requestsQueryKey } from "./get-requests";

/** 404 for an unknown request and for another user's: both read 'Solicitação não encontrada'. */
export function getRequest(tipo: string, id: string, signal?: AbortSignal): Promise<RequestDetail> {
  return api.get<RequestDetail>(apiPaths.requests.one(tipo, id), {
    signal,
  });
}

export function requestQueryOptions(userId: string, tipo: string, id: string) {
  return queryOptions({
    queryKey: [...requestsQueryKey, userId, "detail", tipo, id],
    queryFn: ({ signal }) => getRequest(tipo, id, signal),
  });
}

export function useRequest(tipo: string, id: string) {
  const userId = useMe().data?.user.id ?? "";
  return useQuery({ ...requestQueryOptions(userId, tipo, id), enabled: userId !== "" });
}
