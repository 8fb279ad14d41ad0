import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/web/lib/api-client";
import type { RequestDelivery } from "../types";
import { requestsQueryKey } from "./get-requests";

/** Sends again a request whose delivery was given up; the answer is the new delivery state. */
export function useResendRequest(tipo: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<{ entrega: RequestDelivery | null }>(
        `/api/solicitacoes/${encodeURIComponent(tipo)}/${encodeURIComponent(id)}/reenviar`,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestsQueryKey }),
  });
}
