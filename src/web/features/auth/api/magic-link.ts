import { useMutation } from "@tanstack/react-query";
import { api } from "@/web/lib/api-client";

export type MagicLinkBody = { email: string };

export function requestMagicLink(body: MagicLinkBody): Promise<{ ok: true }> {
  return api.post<{ ok: true }>("/api/magic-link", body);
}

export function useMagicLink() {
  return useMutation({ mutationFn: requestMagicLink });
}
