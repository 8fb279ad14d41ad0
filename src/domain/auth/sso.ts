import { z } from "zod";
import { authMessages, type Notice } from "../messages";

/*
 * Sign-in with the company's identity provider (docs/decisions/052): what /login and /register
 * show, the start call's contract, and the message of every refusal, which the server puts in
 * /login's address (`?sso=<refusal>`) after the provider sends the person back.
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

/** /login's query parameter that says why an SSO sign-in was refused. */
export const SSO_LOGIN_PARAM = "sso";

export const SSO_REFUSALS = [
  "dominio",
  "nao-verificado",
  "workspace",
  "desativada",
  "nao-confirmada",
  "falhou",
] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];

/** Ours: the spec has no SSO. The domain and deactivation messages are the password sign-in's. */
export function ssoRefusalMessage(refusal: SsoRefusal, allowedDomains: readonly string[]): Notice {
  switch (refusal) {
    case "dominio":
      return authMessages.domainNotAllowed(allowedDomains);
    case "nao-verificado":
      return {
        title: "Email não verificado",
        description:
          "O provedor não confirmou este email. Use a conta da empresa ou fale com o administrador.",
      };
    case "workspace":
      return {
        title: "Conta Google não permitida",
        description: "Entre com a conta Google da empresa, não com uma conta pessoal.",
      };
    case "desativada":
      return authMessages.accountDeactivated;
    case "nao-confirmada":
      return {
        title: "Email não confirmado",
        description:
          "Já existe um cadastro com este email. Confirme-o pelo link que enviamos e tente novamente.",
      };
    case "falhou":
      return {
        title: "Não foi possível entrar",
        description: "O login não foi concluído ou expirou. Tente novamente.",
      };
  }
}

export function isSsoRefusal(value: string | null): value is SsoRefusal {
  return (SSO_REFUSALS as readonly string[]).includes(value ?? "");
}
