import { useQuery } from "@tanstack/react-query";
import type { VacationBalanceView } from "@/domain/time-off/vacation-api";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";
import { useMe } from "@/web/lib/get-me";

/*
 * 'Saldo de férias' (docs/decisions/060): the signed-in person's balance, read by 'Minha conta' and
 * by the 'Ausência' form, so it lives here rather than in either feature.
 */

/** Then the user's id: the next person to sign in on this browser must not see the cached balance. */
export const vacationBalanceKey = ["ferias", "saldo"] as const;

export function useVacationBalance(enabled = true) {
  const userId = useMe().data?.user.id ?? "";
  return useQuery({
    queryKey: [...vacationBalanceKey, userId],
    queryFn: ({ signal }) => api.get<VacationBalanceView>(apiPaths.meVacation, { signal }),
    enabled: enabled && userId !== "",
    staleTime: 30_000,
  });
}
