import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SeoInput } from "@/domain/requests/kinds/seo";
import { apiPaths } from "@/web/lib/api-paths";
import { postJson, retryTransientOnce } from "../lib/send-request";
import type { CreatedSeoRequest } from "../types";
import { invalidateRequestLists } from "./get-requests";

export type CreateSeoVariables = { body: SeoInput; idempotencyKey: string };

/** Answers after one try at the automation (spec §7 SEO: its answer is the toast's text). */
export function createSeo({ body, idempotencyKey }: CreateSeoVariables) {
  return postJson<CreatedSeoRequest>(apiPaths.requests.create.seo, body, idempotencyKey);
}

export function useCreateSeo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSeo,
    retry: retryTransientOnce,
    onSuccess: () => invalidateRequestLists(queryClient),
  });
}
