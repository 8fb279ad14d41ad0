import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ReembolsoFormValues } from "@/domain/requests/kinds/reembolso";
import { apiPaths } from "@/web/lib/api-paths";
import { postMultipart, retryTransientOnce } from "../lib/send-request";
import type { CreatedRequest } from "../types";
import { invalidateRequestLists } from "./get-requests";

export type CreateReembolsoVariables = {
  /** As the form holds them: valor is the masked text ('R$ 1.234,56'), data 'yyyy-mm-dd'. */
  values: ReembolsoFormValues;
  files: readonly File[];
  idempotencyKey: string;
};

export function createReembolso({ values, files, idempotencyKey }: CreateReembolsoVariables) {
  return postMultipart<CreatedRequest>(
    apiPaths.requests.create.reembolso,
    {
      nome: values.nome ?? "",
      data: values.data ?? "",
      tipo: values.tipo ?? "",
      valor: values.valor ?? "",
      centroCusto: values.centroCusto ?? "",
      chavePix: values.chavePix ?? "",
      descricao: values.descricao ?? "",
    },
    { name: "anexo", files },
    idempotencyKey,
  );
}

export function useCreateReembolso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReembolso,
    retry: retryTransientOnce,
    onSuccess: () => invalidateRequestLists(queryClient),
  });
}
