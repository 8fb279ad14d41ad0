import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MyHourBank } from "@/domain/time-off/hour-bank-api";
import { api } from "./api-client";
import { apiPaths } from "./api-paths";

/*
 * The signed-in person's 'Banco de horas' (docs/decisions/060), read by 'Minha conta' and by the
 * Ausência form when the type is 'Banco de horas': shared here, as features never import each other.
 */

export const myHourBankQueryKey = ["banco-de-horas", "eu"] as const;

export function myHourBankQueryOptions() {
  return queryOptions({
    queryKey: myHourBankQueryKey,
    queryFn: ({ signal }) => api.get<MyHourBank>(apiPaths.meHourBank, { signal }),
  });
}

export function useMyHourBank(options: { enabled?: boolean } = {}) {
  return useQuery({ ...myHourBankQueryOptions(), enabled: options.enabled ?? true });
}
