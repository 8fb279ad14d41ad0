import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { MagicLinkInputSchema, Ok } from "@/domain/auth/auth.schema";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";

export type MagicLinkBody = z.infer<typeof MagicLinkInputSchema>;

export function requestMagicLink(body: MagicLinkBody): Promise<Ok> {
  return api.post<Ok>(apiPaths.auth.magicLink, body);
}

export function useMagicLink() {
  return useMutation({ mutationFn: requestMagicLink });
}
