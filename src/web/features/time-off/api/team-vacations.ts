import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  TeamBalances,
  UnjustifiedAbsence,
  UnjustifiedAbsenceInput,
} from "@/domain/time-off/vacation-api";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";

/* 'Férias da equipe' (docs/decisions/060): src/server/modules/time-off/time-off.routes.ts. */

const teamKey = ["ferias", "equipe"] as const;

export function useTeamVacations() {
  return useQuery({
    queryKey: teamKey,
    queryFn: ({ signal }) => api.get<TeamBalances>(apiPaths.vacation.team, { signal }),
  });
}

export function useUnjustified(email: string | null) {
  return useQuery({
    queryKey: [...teamKey, "faltas", email ?? ""],
    queryFn: ({ signal }) =>
      api.get<{ faltas: UnjustifiedAbsence[] }>(apiPaths.vacation.unjustified(email!), { signal }),
    enabled: email !== null,
  });
}

export function useRecordUnjustified() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UnjustifiedAbsenceInput) =>
      api.post<UnjustifiedAbsence>(apiPaths.vacation.unjustifiedNew, input),
    onSettled: () => client.invalidateQueries({ queryKey: teamKey }),
  });
}

export function useRemoveUnjustified() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(apiPaths.vacation.unjustifiedOne(id)),
    onSettled: () => client.invalidateQueries({ queryKey: teamKey }),
  });
}
