import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ResendResult } from "@/domain/requests/api";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";
import { requestsQueryKey } from "./get-requests";

/** Sends again a request whose delivery was given up; the answer is the new delivery state. */
export function useResendRequest(tipo: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ResendResult>(apiPaths.requests.resend(tipo, id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestsQueryKey }),
  });
}
