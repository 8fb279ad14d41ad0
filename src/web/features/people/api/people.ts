import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
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

export function useSwitchAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; action: "desativar" | "reativar" }) =>
      api.post<null>(apiPaths.admin.person(input.id, input.action)),
    // The teams lose a deactivated member: both pages ask again.
    onSettled: () => client.invalidateQueries({ queryKey: ["admin"] }),
  });
}
