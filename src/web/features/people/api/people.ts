import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { PeopleList } from "@/domain/people/api";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";

/* 'Pessoas' (docs/decisions/048): src/server/modules/people/people.routes.ts. */

export function usePeople(busca: string | undefined) {
  return useQuery({
    queryKey: ["admin", "pessoas", busca ?? ""] as const,
    queryFn: ({ signal }) => api.get<PeopleList>(apiPaths.admin.people(busca), { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * After a switch, 'Pessoas' and 'Equipes e permissões' (the teams lose a deactivated member) ask
 * again. A list still loading its first answer (a search typed just before the click, shown over
 * the previous list's rows) may have been read before the switch committed: TanStack Query would
 * hand its invalidation that same fetch instead of a new one, so the row kept its old state. Such
 * fetches are cancelled first, and every list is read after the switch.
 */
export async function refreshAfterSwitch(client: QueryClient) {
  await client.cancelQueries({ queryKey: ["admin"] });
  await client.invalidateQueries({ queryKey: ["admin"] });
}

export function useSwitchAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; action: "desativar" | "reativar" }) =>
      api.post<null>(apiPaths.admin.person(input.id, input.action)),
    onSettled: () => refreshAfterSwitch(client),
  });
}
