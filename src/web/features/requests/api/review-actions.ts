import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ActionRequest, CommentRequest, RequestStanding } from "@/domain/requests/review-api";
import { ACTION_FILE_FIELD } from "@/domain/requests/workflow";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";
import { reviewQueryKey } from "./get-queue";
import { requestsQueryKey } from "./get-requests";

function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: requestsQueryKey }),
      queryClient.invalidateQueries({ queryKey: reviewQueryKey }),
    ]);
}

/** A move, and the file it brings where the workflow takes one (an analysis's result). */
export type ActionSubmission = ActionRequest & { arquivo?: File };

/** The same fields as a multipart form when a file goes with them. */
function actionBody({ arquivo, ...input }: ActionSubmission): ActionRequest | FormData {
  if (!arquivo) return input;
  const form = new FormData();
  for (const [name, value] of Object.entries(input))
    if (value !== undefined && value !== null) form.append(name, String(value));
  // After the text fields: the server reads the form in order.
  form.append(ACTION_FILE_FIELD, arquivo);
  return form;
}

/** A move of the request's workflow ('Assumir', 'Aprovar', 'Recusar'...); the answer is where it stands now. */
export function useRequestAction(tipo: string, id: string) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (input: ActionSubmission) =>
      api.post<RequestStanding>(apiPaths.requests.actions(tipo, id), actionBody(input)),
    onSettled: refresh,
  });
}

/** 'Comentar', or a 'Nota interna' from the team. */
export function useRequestComment(tipo: string, id: string) {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (input: CommentRequest) =>
      api.post<RequestStanding>(apiPaths.requests.comments(tipo, id), input),
    onSettled: refresh,
  });
}
