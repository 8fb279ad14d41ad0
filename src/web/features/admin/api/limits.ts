import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ExpenseLimit } from "@/domain/finance/limits-api";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";

/* Monthly limits per person and expense type (decision 015): src/server/modules/finance/limits.routes.ts. */

const limitsQueryOptions = queryOptions({
  queryKey: ["admin", "limits"] as const,
  queryFn: ({ signal }) => api.get<{ limites: ExpenseLimit[] }>(apiPaths.admin.limits, { signal }),
});

export function useExpenseLimits() {
  return useQuery(limitsQueryOptions);
}

export function useSetExpenseLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ExpenseLimit) =>
      api.put<ExpenseLimit>(apiPaths.admin.limit(input.tipo, input.tipoDespesa), { limite: input.limite }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: limitsQueryOptions.queryKey }),
  });
}

export function useRemoveExpenseLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Pick<ExpenseLimit, "tipo" | "tipoDespesa">) =>
      api.delete(apiPaths.admin.limit(input.tipo, input.tipoDespesa)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: limitsQueryOptions.queryKey }),
  });
}
