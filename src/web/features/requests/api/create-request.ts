import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type RequestKind, requestKind } from "@/domain/requests/kinds";
import { apiPaths } from "@/web/lib/api-paths";
import { postJson, postMultipart, retryTransientOnce } from "../lib/send-request";
import type { CreatedRequest } from "../types";
import { invalidateRequestLists } from "./get-requests";

export type CreateRequestVariables = {
  /** As the form holds them: the texts as typed for a kind with files, the schema's output for the others. */
  values: Readonly<Record<string, unknown>>;
  idempotencyKey: string;
};

const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));

/**
 * A new request of any kind, at its create route. A kind with files goes as
 * multipart: every field of its schema as text, in the schema's order (the
 * server reads the texts before it streams the files), then the files; the
 * others send the schema's output as JSON. Retried with the same key, the
 * server answers the request the first try made; sent without a connection, it
 * is kept on the device as a draft under that key (docs/decisions/066).
 */
export function createRequest(kind: RequestKind, { values, idempotencyKey }: CreateRequestVariables) {
  const definition = requestKind(kind);
  const path = apiPaths.requests.create(definition.slug);
  const attachments = definition.attachments;
  if (!attachments) return postJson<CreatedRequest>(path, values, idempotencyKey, definition.label);
  const fields = Object.keys(definition.schema().shape).filter((name) => name !== attachments.field);
  return postMultipart<CreatedRequest>(
    path,
    Object.fromEntries(fields.map((name) => [name, text(values[name])])),
    { name: attachments.field, files: (values[attachments.field] as readonly File[] | undefined) ?? [] },
    idempotencyKey,
    definition.label,
  );
}

export function useCreateRequest(kind: RequestKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: CreateRequestVariables) => createRequest(kind, variables),
    // Offline, TanStack Query would pause the call until the connection returns, with the form
    // stuck on 'Enviando...': the call runs and keeps itself as a draft instead (docs/decisions/066).
    networkMode: "always",
    retry: retryTransientOnce,
    onSuccess: () => invalidateRequestLists(queryClient),
  });
}
