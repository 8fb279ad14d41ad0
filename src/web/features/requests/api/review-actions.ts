import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ActionRequest, CommentRequest, RequestStanding } from "@/domain/requests/review-api";
import { api } from "@/web/lib/api-client";
import { reviewQueryKey } from "./get-queue";
import { requestsQueryKey } from "./get-requests";

const requestPath = (tipo: string, id: string) =>
  `/api/solicitacoes/${encodeURIComponent(tipo)}/${encodeURIComponent(id)}`;

function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: requestsQueryKey }),
      queryClient.invalidateQueries({ queryKey: reviewQueryKey }),
    ]);
}

/** A move of the request's workflow ('Assumir', 'Aprovar', 'Recusar'...); the answer is where it stands now. */
export function useRequestAction(tipo: string, id: string) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (input: ActionRequest) => api.post<RequestStanding>(`${requestPath(tipo, id)}/acoes`, input),
    onSettled: refresh,
  });
}

/** 'Comentar', or a 'Nota interna' from the team. */
export function useRequestComment(tipo: string, id: string) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (input: CommentRequest) =>
      api.post<RequestStanding>(`${requestPath(tipo, id)}/comentarios`, input),
    onSettled: refresh,
  });
}
