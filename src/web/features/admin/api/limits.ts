import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ExpenseLimit } from "@/domain/finance/limits-api";
import { api } from "@/web/lib/api-client";

/* Monthly limits per person and expense type (issue 12): src/server/modules/finance/limits.routes.ts. */

const limitsQueryOptions = queryOptions({
  queryKey: ["admin", "limits"] as const,
  queryFn: ({ signal }) => api.get<{ limites: ExpenseLimit[] }>("/api/admin/limites", { signal }),
});

export function useExpenseLimits() {
  return useQuery(limitsQueryOptions);
}

const limitPath = (tipo: string, tipoDespesa: string) =>
  `/api/admin/limites/${encodeURIComponent(tipo)}/${encodeURIComponent(tipoDespesa)}`;

export function useSetExpenseLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ExpenseLimit) =>
      api.put<ExpenseLimit>(limitPath(input.tipo, input.tipoDespesa), { limite: input.limite }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: limitsQueryOptions.queryKey }),
  });
}

export function useRemoveExpenseLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Pick<ExpenseLimit, "tipo" | "tipoDespesa">) =>
      api.delete(limitPath(input.tipo, input.tipoDespesa)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: limitsQueryOptions.queryKey }),
  });
}
