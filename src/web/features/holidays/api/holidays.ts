import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AgencyDayInput, ObservedOptionalInput } from "@/domain/calendar/api";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";
import { officeCalendarQueryOptions } from "@/web/lib/office-holidays";

/* 'Feriados' (docs/decisions/060): src/server/modules/holidays/holidays.routes.ts. */

export function useOfficeCalendar(ano: number) {
  return useQuery(officeCalendarQueryOptions(ano));
}

/** Every year's calendar and 'Quem está fora' change with it (the live event says so to other tabs). */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ["feriados"] }),
      client.invalidateQueries({ queryKey: ["ausencias"] }),
    ]);
}

export function useSaveObservedDays() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ObservedOptionalInput) => api.put<null>(apiPaths.holidays.observed, body),
    onSettled: refresh,
  });
}

export function useAddAgencyDay() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: AgencyDayInput) =>
      api.post<{ id: string; data: string; nome: string }>(apiPaths.holidays.agencyDays, body),
    onSettled: refresh,
  });
}

export function useRemoveAgencyDay() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(apiPaths.holidays.agencyDay(id)),
    onSettled: refresh,
  });
}
