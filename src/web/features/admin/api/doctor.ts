import { useMutation } from "@tanstack/react-query";
import type { DoctorReport } from "@/domain/doctor/api";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";

/* 'Diagnóstico' (docs/decisions/042): src/server/doctor/doctor.routes.ts. Run on demand: it writes a probe file. */

export function useDoctorRun() {
  return useMutation({ mutationFn: () => api.post<DoctorReport>(apiPaths.admin.doctor) });
}
