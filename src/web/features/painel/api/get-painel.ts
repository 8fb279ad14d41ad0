import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Painel } from "@/domain/painel/api";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";

/* 'Painel' (decision 014): src/server/modules/painel/painel.routes.ts. */

export type PainelPeriod = { de: string; ate: string };

export function getPainel(period: PainelPeriod, signal?: AbortSignal) {
  return api.get<Painel>(apiPaths.painel({ de: period.de, ate: period.ate }), { signal });
}

export function painelQueryOptions(period: PainelPeriod) {
  return queryOptions({
    // Under ["review"]: a move anywhere (live events) refreshes the figures too.
    queryKey: ["review", "painel", period] as const,
    queryFn: ({ signal }) => getPainel(period, signal),
    placeholderData: (previous) => previous,
  });
}

export function usePainel(period: PainelPeriod) {
  return useQuery(painelQueryOptions(period));
}
