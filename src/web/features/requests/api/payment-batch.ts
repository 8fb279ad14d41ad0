import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BulkActionRequest, BulkActionResult, PaymentBatch } from "@/domain/finance/bulk-api";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";
import { useMe } from "@/web/lib/get-me";
import { reviewQueryKey } from "./get-queue";
import { requestsQueryKey } from "./get-requests";

/** Under the review desk's key: live events and every move refresh it. */
export function usePaymentBatch() {
  const userId = useMe().data?.user.id ?? "";
  return useQuery({
    queryKey: [...reviewQueryKey, userId, "payment-batch"],
    queryFn: ({ signal }) => api.get<PaymentBatch>(apiPaths.caixa.paymentBatch, { signal }),
    enabled: userId !== "",
  });
}

/** Approve or mark paid several requests at once; each result says how that one went. */
export function useBulkAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkActionRequest) => api.post<BulkActionResult>(apiPaths.caixa.bulk, input),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewQueryKey }),
        queryClient.invalidateQueries({ queryKey: requestsQueryKey }),
      ]),
  });
}
