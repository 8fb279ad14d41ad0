import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AbsenceCalendar } from "@/domain/absences/api";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";

/* 'Quem está fora' (decision 040): src/server/modules/absences/absences.routes.ts. */

export function getAbsenceCalendar(mes: string, signal?: AbortSignal) {
  return api.get<AbsenceCalendar>(apiPaths.absences({ mes }), { signal });
}

export function absenceCalendarQueryOptions(mes: string) {
  return queryOptions({
    // Under ["ausencias"]: the live event of that name refreshes it (lib/live-events.ts).
    queryKey: ["ausencias", mes] as const,
    queryFn: ({ signal }) => getAbsenceCalendar(mes, signal),
  });
}

export function useAbsenceCalendar(mes: string) {
  return useQuery(absenceCalendarQueryOptions(mes));
}
