import { safeReturnPath } from "@/domain/auth/return-path";
import type { SsoStartResult } from "@/domain/auth/sso";
import type { Auth } from "../../auth/auth";
import { AUTH_RATE_RULES } from "../../auth/rate-limit";
import type { SsoProviderId } from "../../config-sso";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import type { RequestContext } from "../../http/request-context";
import { enforceLimits } from "./auth.service";

type Deps = { db: Db; auth: Auth; providers: SsoProviderId[] };

/**
 * The start of a sign-in with an identity provider (docs/decisions/052): better-auth keeps the
 * state, the PKCE verifier and the nonce server-side, binds them to this browser with a signed
 * cookie, and answers the provider's authorization URL, which the page then opens.
 */
export function createSsoService({ db, auth, providers }: Deps) {
  async function start(
    provider: SsoProviderId,
    input: { returnTo?: string | undefined },
    context: RequestContext,
  ): Promise<{ result: SsoStartResult; headers: Headers }> {
    await enforceLimits(db, [[AUTH_RATE_RULES.ssoStartPerIp, context.ip]]);
    if (!providers.includes(provider)) {
      throw new AppError(404, "SSO_NOT_CONFIGURED", {
        title: "Login não disponível",
        description: "Este provedor de login não está configurado.",
      });
    }
    try {
      const { headers, response } = await auth.api.signInSocial({
        body: {
          provider,
          callbackURL: safeReturnPath(input.returnTo) ?? "/",
          // Every failure is sent on to /login with its reason (auth.plugin.ts, sso.ts).
          errorCallbackURL: "/login",
          disableRedirect: true,
        },
        headers: context.headers,
        returnHeaders: true,
      });
      if (!response.url) throw new Error("no authorization URL");
      return { result: { url: response.url }, headers };
    } catch (err) {
      // The provider's discovery document could not be read (at start, and again now).
      context.log.error({ err, provider }, "SSO sign-in could not start");
      throw new AppError(503, "SSO_UNAVAILABLE", {
        title: "Não foi possível falar com o provedor de login",
        description: "Tente novamente em alguns minutos ou entre com seu email.",
      });
    }
  }
  return { start };
}

export type SsoService = ReturnType<typeof createSsoService>;
