import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import type { SsoStartInputSchema, SsoStartResult } from "@/domain/auth/sso";
import { api } from "@/web/lib/api-client";
import { apiPaths } from "@/web/lib/api-paths";

type SsoStart = { provider: string } & z.infer<typeof SsoStartInputSchema>;

/** The provider's sign-in page to open; the answer also set the state cookie (docs/decisions/052). */
export function startSso({ provider, ...body }: SsoStart): Promise<SsoStartResult> {
  return api.post<SsoStartResult>(apiPaths.auth.sso(provider), body);
}

export function useStartSso() {
  return useMutation({
    mutationFn: startSso,
    // The page is left for the provider's: the button stays busy until it goes.
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
