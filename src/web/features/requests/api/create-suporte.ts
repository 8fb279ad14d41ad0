import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SuporteInput } from "@/domain/requests/kinds/suporte";
import { apiPaths } from "@/web/lib/api-paths";
import { postJson, retryTransientOnce } from "../lib/send-request";
import type { CreatedRequest } from "../types";
import { invalidateRequestLists } from "./get-requests";

/** nome and email are sent as shown; the server takes them from the session. */
export type CreateSuporteVariables = { body: SuporteInput; idempotencyKey: string };

export function createSuporte({ body, idempotencyKey }: CreateSuporteVariables) {
  return postJson<CreatedRequest>(apiPaths.requests.create.suporte, body, idempotencyKey);
}

export function useCreateSuporte() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSuporte,
    retry: retryTransientOnce,
    onSuccess: () => invalidateRequestLists(queryClient),
  });
}
