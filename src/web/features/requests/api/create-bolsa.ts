import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BolsaFormValues } from "@/domain/requests/kinds/bolsa";
import { apiPaths } from "@/web/lib/api-paths";
import { postMultipart, retryTransientOnce } from "../lib/send-request";
import type { CreatedRequest } from "../types";
import { invalidateRequestLists } from "./get-requests";

export type CreateBolsaVariables = {
  /** valor is the masked text; criadoPor is sent but the server takes the signed-in user's name. */
  values: BolsaFormValues;
  file: File | null;
  idempotencyKey: string;
};

export function createBolsa({ values, file, idempotencyKey }: CreateBolsaVariables) {
  return postMultipart<CreatedRequest>(
    apiPaths.requests.create.bolsa,
    {
      titulo: values.titulo ?? "",
      tipo: values.tipo ?? "",
      valor: values.valor ?? "",
      linkPlataforma: values.linkPlataforma ?? "",
      chavePix: values.chavePix ?? "",
      valorAgregado: values.valorAgregado ?? "",
      criadoPor: values.criadoPor ?? "",
    },
    { name: "anexo", files: file ? [file] : [] },
    idempotencyKey,
  );
}

export function useCreateBolsa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBolsa,
    retry: retryTransientOnce,
    onSuccess: () => invalidateRequestLists(queryClient),
  });
}
