import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  PayingAccountInput,
  PayingAccountPage,
  ReconcileInput,
  RemittanceInput,
  RemittanceSummary,
  ReturnResult,
  StatementResult,
} from "@/domain/finance/bank-api";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";

/* Paying through the bank (docs/decisions/059): src/server/modules/bank/bank.routes.ts. */

/** Every move of the bank's files changes the review desk's lists: they share its key's start. */
const reviewKey = ["review"] as const;
const remittancesKey = ["bank", "remittances"] as const;

export function usePayingAccount() {
  return useQuery({
    queryKey: ["bank", "paying-account"] as const,
    queryFn: ({ signal }) => api.get<PayingAccountPage>(apiPaths.admin.payingAccount, { signal }),
  });
}

export function useSavePayingAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PayingAccountInput) => api.put<PayingAccountPage>(apiPaths.admin.payingAccount, body),
    onSuccess: (page) => client.setQueryData(["bank", "paying-account"], page),
  });
}

export function useRemittances() {
  return useQuery({
    queryKey: remittancesKey,
    queryFn: ({ signal }) =>
      api.get<{ remessas: RemittanceSummary[] }>(apiPaths.caixa.remittances, { signal }),
  });
}

/** What the bank's files changed: the batch, the queue, the lists of remittances. */
function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: reviewKey }),
      client.invalidateQueries({ queryKey: remittancesKey }),
    ]);
}

export function useCreateRemittance() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: RemittanceInput) => api.post<RemittanceSummary>(apiPaths.caixa.remittances, body),
    onSettled: refresh,
  });
}

const fileForm = (file: File) => {
  const form = new FormData();
  form.append("arquivo", file);
  return form;
};

export function useReadBankReturn() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (file: File) => api.post<ReturnResult>(apiPaths.caixa.bankReturns, fileForm(file)),
    onSettled: refresh,
  });
}

export function useReadStatement() {
  return useMutation({
    mutationFn: (file: File) => api.post<StatementResult>(apiPaths.caixa.statements, fileForm(file)),
  });
}

export function useReconcile(statementId: string) {
  return useMutation({
    mutationFn: (body: ReconcileInput) => api.post<{ ok: true }>(apiPaths.caixa.reconcile(statementId), body),
  });
}
