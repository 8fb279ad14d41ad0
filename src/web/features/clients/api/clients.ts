import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import type { Client } from "@/domain/planning/api";
import type { ClientFormValues } from "@/domain/planning/client.schema";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";
import { clientsQueryKey, getClients } from "@/web/lib/get-clients";
import { useMe } from "@/web/lib/get-me";

export function clientsQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: [...clientsQueryKey, userId, "pages"],
    queryFn: ({ pageParam, signal }) => getClients(pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The clients by name (spec §7 clients), a page at a time: the clients page. */
export function useClients() {
  const userId = useMe().data?.user.id ?? "";
  return useInfiniteQuery({ ...clientsQueryOptions(userId), enabled: userId !== "" });
}

export type SaveClientVariables = { id?: string; body: ClientFormValues };

export function saveClient({ id, body }: SaveClientVariables) {
  return id
    ? api.put<Client>(apiPaths.clients.one(id), body)
    : api.post<Client>(apiPaths.clients.list(), body);
}

/** Create (no id) or update (id); the lists reload after success. */
export function useSaveClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
  });
}
