import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { Client, ClientInput } from "@/domain/planning/client.schema";
import { useMe } from "@/web/features/auth/api/get-me";
import { api } from "@/web/lib/api-client";

/** Then the user's id: the next person to sign in on this browser must not see the cached list. */
export const clientsQueryKey = ["clients"] as const;

/** One keyset page of GET /api/clients, by name. */
export type ClientsPage = { items: Client[]; nextCursor: string | null };

/** The most the API gives in one page. */
const LARGEST_PAGE = 100;

export function getClients(cursor: string | null, options: { limit?: number; signal?: AbortSignal } = {}) {
  const params = [
    options.limit ? `limit=${options.limit}` : "",
    cursor ? `cursor=${encodeURIComponent(cursor)}` : "",
  ].filter(Boolean);
  const search = params.length > 0 ? `?${params.join("&")}` : "";
  return api.get<ClientsPage>(`/api/clients${search}`, { signal: options.signal });
}

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

/** Every page, one after another, in the largest pages the API gives. */
export async function getAllClients(signal?: AbortSignal): Promise<Client[]> {
  const clients: Client[] = [];
  let cursor: string | null = null;
  do {
    const page: ClientsPage = await getClients(cursor, { limit: LARGEST_PAGE, signal });
    clients.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return clients;
}

export function allClientsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...clientsQueryKey, userId, "all"],
    queryFn: ({ signal }) => getAllClients(signal),
  });
}

/** Every client, by name: the plan form's select offers them all. */
export function useAllClients() {
  const userId = useMe().data?.user.id ?? "";
  return useQuery({ ...allClientsQueryOptions(userId), enabled: userId !== "" });
}

export type SaveClientVariables = { id?: string; body: ClientInput };

export function saveClient({ id, body }: SaveClientVariables) {
  return id
    ? api.put<Client>(`/api/clients/${encodeURIComponent(id)}`, body)
    : api.post<Client>("/api/clients", body);
}

/** Create (no id) or update (id); the lists reload after success. */
export function useSaveClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
  });
}
