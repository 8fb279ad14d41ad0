import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  MagicLinkInputSchema,
  MagicLinkVerifyInput,
  MagicLinkVerifyResult,
  Ok,
} from "@/domain/auth/auth.schema";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";

export type MagicLinkBody = z.infer<typeof MagicLinkInputSchema>;

export function requestMagicLink(body: MagicLinkBody): Promise<Ok> {
  return api.post<Ok>(apiPaths.auth.magicLink, body);
}

export function useMagicLink() {
  return useMutation({ mutationFn: requestMagicLink });
}

/** 'Entrar' on the page the e-mailed link opens: spends the link, sets the session cookie. */
export function verifyMagicLink(body: MagicLinkVerifyInput): Promise<MagicLinkVerifyResult> {
  return api.post<MagicLinkVerifyResult>(apiPaths.auth.magicLinkVerify, body);
}

export function useVerifyMagicLink() {
  return useMutation({ mutationFn: verifyMagicLink });
}
