import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Client, ClientInput } from "@/domain/planning/client.schema";
import { useMe } from "@/web/features/auth/api/get-me";
import { api } from "@/web/lib/api-client";

/** Then the user's id: the next person to sign in on this browser must not see the cached list. */
export const clientsQueryKey = ["clients"] as const;

export function clientsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...clientsQueryKey, userId],
    queryFn: ({ signal }) => api.get<Client[]>("/api/clients", { signal }),
  });
}

/** Every client, by name (spec §7 clients). */
export function useClients() {
  const userId = useMe().data?.user.id ?? "";
  return useQuery({ ...clientsQueryOptions(userId), enabled: userId !== "" });
}

export type SaveClientVariables = { id?: string; body: ClientInput };

export function saveClient({ id, body }: SaveClientVariables) {
  return id
    ? api.put<Client>(`/api/clients/${encodeURIComponent(id)}`, body)
    : api.post<Client>("/api/clients", body);
}

/** Create (no id) or update (id); the list reloads after success. */
export function useSaveClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
  });
}
