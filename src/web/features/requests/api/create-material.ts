import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { MaterialInput } from "@/domain/requests/kinds/material";
import { apiPaths } from "@/web/lib/api-paths";
import { postJson, retryTransientOnce } from "../lib/send-request";
import type { CreatedRequest } from "../types";
import { invalidateRequestLists } from "./get-requests";

export type CreateMaterialVariables = { body: MaterialInput; idempotencyKey: string };

export function createMaterial({ body, idempotencyKey }: CreateMaterialVariables) {
  return postJson<CreatedRequest>(apiPaths.requests.create.material, body, idempotencyKey);
}

export function useCreateMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMaterial,
    retry: retryTransientOnce,
    onSuccess: () => invalidateRequestLists(queryClient),
  });
}
