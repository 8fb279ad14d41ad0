import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdmissionImportResult, AdmissionInput } from "@/domain/time-off/vacation-api";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";

/* 'Data de admissão' on 'Pessoas' (docs/decisions/060): src/server/modules/time-off/time-off.routes.ts. */

export function useSaveAdmission() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AdmissionInput) => api.put<{ ok: true }>(apiPaths.vacation.admissions, input),
    onSettled: () => client.invalidateQueries({ queryKey: ["admin", "pessoas"] }),
  });
}

export function useImportAdmissions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append("arquivo", file);
      return api.post<AdmissionImportResult>(apiPaths.vacation.importAdmissions, body);
    },
    onSettled: () => client.invalidateQueries({ queryKey: ["admin", "pessoas"] }),
  });
}
