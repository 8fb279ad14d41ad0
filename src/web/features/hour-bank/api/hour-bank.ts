import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { HourBankPeople, HourCreditInput } from "@/domain/time-off/hour-bank-api";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";

/* 'Banco de horas' for RH (docs/decisions/060): src/server/modules/hour-bank/hour-bank.routes.ts. */

const peopleKey = ["banco-de-horas", "pessoas"] as const;

export function hourBankPeopleQueryOptions() {
  return queryOptions({
    queryKey: peopleKey,
    queryFn: ({ signal }) => api.get<HourBankPeople>(apiPaths.hourBank, { signal }),
  });
}

export function useHourBankPeople() {
  return useQuery(hourBankPeopleQueryOptions());
}

/** A credit; then every balance on the page (and the person's own, if it is this browser's) is read again. */
export function useCreditHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HourCreditInput) => api.post<{ ok: true }>(apiPaths.hourBankCredits, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["banco-de-horas"] }),
  });
}
