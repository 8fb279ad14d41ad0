import { authMessages, type Notice } from "../messages";

/*
 * Why an SSO sign-in was refused (docs/decisions/052), as the server puts it in /login's address
 * (`?sso=<refusal>`), and each refusal's message. Without zod: /login's download has no room for
 * it (docs/decisions/025).
 */

export { SSO_LOGIN_PARAM } from "./sso-login-param";

export const SSO_REFUSALS = ["dominio", "nao-verificado", "workspace", "desativada", "falhou"] as const;
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
