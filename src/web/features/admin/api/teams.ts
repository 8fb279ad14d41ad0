import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RequestKind } from "@/domain/requests/kinds";
import type { ApprovalPolicy, Team, TeamEvent, TeamsPage } from "@/domain/teams/api";
import type { ApprovalPolicyInput, TeamInput } from "@/domain/teams/team";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";
import { meQueryKey } from "@/web/lib/get-me";

/* 'Equipes e permissões' (decision 011): src/server/modules/teams/teams.routes.ts. */

export const teamsQueryOptions = queryOptions({
  queryKey: ["admin", "teams"] as const,
  queryFn: ({ signal }) => api.get<TeamsPage>(apiPaths.admin.teams, { signal }),
});

export function useTeams() {
  return useQuery(teamsQueryOptions);
}

export function teamHistoryQueryOptions(id: string) {
  return queryOptions({
    queryKey: ["admin", "teams", id, "history"] as const,
    queryFn: ({ signal }) => api.get<{ items: TeamEvent[] }>(apiPaths.admin.teamHistory(id), { signal }),
  });
}

export function useTeamHistory(id: string, enabled: boolean) {
  return useQuery({ ...teamHistoryQueryOptions(id), enabled });
}

/**
 * After any change: the page again, and `me` and the queue, since the
 * administrator may have put themselves in (or out of) a team.
 */
function useAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ["admin"] }),
      queryClient.invalidateQueries({ queryKey: meQueryKey }),
      queryClient.invalidateQueries({ queryKey: ["review"] }),
    ]);
}

export function useSaveTeam() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({
      id,
      input,
      idempotencyKey,
    }: {
      id: string | null;
      input: TeamInput;
      idempotencyKey: string;
    }) => {
      const headers = { "idempotency-key": idempotencyKey };
      return id
        ? api.put<Team>(apiPaths.admin.team(id), input, { headers })
        : api.post<Team>(apiPaths.admin.teams, input, { headers });
    },
    onSuccess: afterChange,
  });
}

export function useDeleteTeam() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (id: string) => api.delete(apiPaths.admin.team(id)),
    onSuccess: afterChange,
  });
}

export function useSetPolicy() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: ({ kind, input }: { kind: RequestKind; input: ApprovalPolicyInput }) =>
      api.put<ApprovalPolicy>(apiPaths.admin.policy(kind), input),
    onSuccess: afterChange,
  });
}

export function useRemovePolicy() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (kind: RequestKind) => api.delete(apiPaths.admin.policy(kind)),
    onSuccess: afterChange,
  });
}
