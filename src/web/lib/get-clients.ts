import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Client, ClientsPage } from "@/domain/planning/api";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";
import { useMe } from "@/web/lib/get-me";

/*
 * The clients as the API lists them, shared by the clients page (a page at a
 * time) and the plan form (all of them): saving a client invalidates both.
 */

/** Then the user's id: the next person to sign in on this browser must not see the cached list. */
export const clientsQueryKey = ["clients"] as const;

/** The most the API gives in one page. */
const LARGEST_PAGE = 100;

export function getClients(cursor: string | null, options: { limit?: number; signal?: AbortSignal } = {}) {
  return api.get<ClientsPage>(apiPaths.clients.list({ limit: options.limit, cursor }), {
    signal: options.signal,
  });
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
