import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdvancePending,
  SettlementAction,
  SettlementView,
} from "@/domain/requests/kinds/adiantamento/api";
import { api } from "@/web/lib/api-client";
import { useMe } from "@/web/lib/get-me";
import { reviewQueryKey } from "./get-queue";
import { requestsQueryKey } from "./get-requests";

/*
 * A cash advance's settlement (docs/decisions/067): where it stands, the owner's receipts,
 * Financeiro's moves, and the overdue advance that blocks a new one.
 */

const base = (id: string) => `/api/adiantamentos/${encodeURIComponent(id)}`;
const settlementKey = (userId: string, id: string) => [...requestsQueryKey, userId, "prestacao", id] as const;

export function settlementQueryOptions(userId: string, id: string) {
  return queryOptions({
    queryKey: settlementKey(userId, id),
    queryFn: ({ signal }) => api.get<SettlementView>(`${base(id)}/prestacao`, { signal }),
  });
}

export function useSettlement(id: string) {
  const userId = useMe().data?.user.id ?? "";
  return useQuery({ ...settlementQueryOptions(userId, id), enabled: userId !== "" });
}

/** The person's advance past its deadline, if any (refetched whenever the form opens). */
export function useAdvancePending() {
  const userId = useMe().data?.user.id ?? "";
  return useQuery({
    queryKey: [...requestsQueryKey, userId, "adiantamento-pendente"],
    queryFn: ({ signal }) => api.get<AdvancePending>("/api/adiantamentos/pendencia", { signal }),
    enabled: userId !== "",
    staleTime: 0,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: requestsQueryKey }),
      queryClient.invalidateQueries({ queryKey: reviewQueryKey }),
    ]);
}

export type SettlementSubmission = {
  valorGasto: string;
  observacao: string;
  chaveNota: string;
  anexo: File[];
};

/** The owner's settlement: the texts first, then the receipts (the server reads the form in order). */
export function useSettle(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ anexo, ...fields }: SettlementSubmission & { versao?: number }) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields))
        if (value !== undefined && value !== "") form.append(name, String(value));
      for (const file of anexo) form.append("anexo", file);
      return api.post<SettlementView>(`${base(id)}/prestacao`, form);
    },
    onSettled: refresh,
  });
}

/** Financeiro's moves on the settlement. */
export function useSettlementAction(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: SettlementAction) => api.post<SettlementView>(`${base(id)}/acertos`, input),
    onSettled: refresh,
  });
}
