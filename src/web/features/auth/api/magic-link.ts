import { useMutation } from "@tanstack/react-query";
import { api } from "@/web/lib/api-client";

/** `returnTo`: the request's page the link lands on once signed in (the server checks it again). */
export type MagicLinkBody = { email: string; returnTo?: string };

export function requestMagicLink(body: MagicLinkBody): Promise<{ ok: true }> {
  return api.post<{ ok: true }>("/api/magic-link", body);
}

export function useMagicLink() {
  return useMutation({ mutationFn: requestMagicLink });
}
