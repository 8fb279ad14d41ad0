import { z } from "zod";

/*
 * Sign-in with the company's identity provider (docs/decisions/052): what /login and /register
 * show and the start call's contract; the refusals and their messages are in sso-refusals.ts.
 */

export const SSO_PROVIDER_IDS = ["google", "microsoft", "oidc"] as const;

/** A button on /login and /register: 'Entrar com <name>'. */
export const SsoProviderSchema = z.object({ id: z.enum(SSO_PROVIDER_IDS), name: z.string() });
export type SsoProviderInfo = z.infer<typeof SsoProviderSchema>;

export const SsoStartParamsSchema = z.object({ provider: z.enum(SSO_PROVIDER_IDS) });

export const SsoStartInputSchema = z.object({
  /** Where to land once signed in: a request's page (see return-path.ts), else /. */
  returnTo: z.string().max(200).optional(),
});

/** Where the browser goes next: the provider's sign-in page. */
export const SsoStartResultSchema = z.object({ url: z.string() });
export type SsoStartResult = z.infer<typeof SsoStartResultSchema>;
