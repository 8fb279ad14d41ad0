import { useMutation, useQueryClient } from "@tanstack/react-query";
import { isRequestKind, requestKind } from "@/domain/requests/kinds";
import type { RequestStanding } from "@/domain/requests/review-api";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";
import { requestsQueryKey } from "./get-requests";

export type ResubmitVariables = {
  /** The form's values: texts as shown; `anexo` the new files, `manterAnexos` the stored ones that stay. */
  values: Readonly<Record<string, unknown>>;
  idempotencyKey: string;
};

/**
 * 'Editar e reenviar' (decision 011): `PUT /api/solicitacoes/<kind>/:id` with the
 * create form's body; for kinds with files, multipart with the text fields
 * first, `manterAnexos` (JSON list of ids) and the new files last.
 */
export function resubmitRequest(tipo: string, id: string, { values, idempotencyKey }: ResubmitVariables) {
  const path = apiPaths.requests.one(tipo, id);
  const headers = { "idempotency-key": idempotencyKey };
  const attachments = isRequestKind(tipo) ? requestKind(tipo).attachments : undefined;
  if (!attachments) return api.put<RequestStanding>(path, values, { headers });
  const { [attachments.field]: files, manterAnexos, ...fields } = values;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
  }
  form.append("manterAnexos", JSON.stringify(Array.isArray(manterAnexos) ? manterAnexos : []));
  for (const file of Array.isArray(files) ? (files as File[]) : [])
    form.append(attachments.field, file, file.name);
  return api.put<RequestStanding>(path, form, { headers });
}

export function useResubmitRequest(tipo: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: ResubmitVariables) => resubmitRequest(tipo, id, variables),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestsQueryKey }),
  });
}
