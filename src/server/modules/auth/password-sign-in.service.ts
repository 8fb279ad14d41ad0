import { checkLogin, type LoginInput } from "@/domain/auth/auth.rules";
import { authMessages } from "@/domain/messages";
import { ACCOUNT_DEACTIVATED, type Auth } from "../../auth/auth";
import { AUTH_RATE_RULES, clearRateLimit } from "../../auth/rate-limit";
import type { SessionRevoker } from "../../auth/session-events";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import type { RequestContext } from "../../http/request-context";
import { findUserByEmail } from "./auth.queries";
import { addressOf, enforceLimits } from "./auth-limits";
import { accountDeactivated, authErrorCode, publicUser } from "./auth-refusals";

export type SignInDeps = { db: Db; auth: Auth; requireEmailVerification: boolean; sessions: SessionRevoker };

/** Signing in with a password, and signing out. */
export function createSignIn(deps: SignInDeps) {
  const { db, auth } = deps;

  async function login(input: LoginInput, context: RequestContext) {
    const email = addressOf(input);
    await enforceLimits(db, [[AUTH_RATE_RULES.loginPerIp, context.ip]]);
    const failure = checkLogin(input, "password");
    if (failure) throw new AppError(400, failure.rule, failure, failure.fields);
    if (deps.requireEmailVerification) {
      // A pending sign-up has no password on its account yet (it waits in the pending record),
      // so better-auth would say 'Credenciais inválidas'; the truth is 'Email não confirmado'.
      const user = await findUserByEmail(db, email);
      if (user && !user.emailVerified) {
        context.log.info({ userId: user.id }, "sign-in refused: e-mail not confirmed");
        throw new AppError(403, "EMAIL_NOT_VERIFIED", authMessages.emailNotConfirmed);
      }
    }
    try {
      const { headers, response } = await auth.api.signInEmail({
        body: { email, password: input.password!, rememberMe: true },
        headers: context.headers,
        returnHeaders: true,
      });
      await clearRateLimit(db, AUTH_RATE_RULES.loginFailuresPerEmail, email);
      // An account with an authenticator app: no session yet, the code comes next (docs/decisions/054).
      if ("twoFactorRedirect" in response && response.twoFactorRedirect) {
        context.log.info("password accepted; the second step asks for the code");
        return { headers, secondStep: true as const };
      }
      context.log.info({ userId: response.user.id }, "signed in with password");
      return { headers, user: publicUser(response.user) };
    } catch (err) {
      const code = authErrorCode(err);
      if (code === "INVALID_EMAIL_OR_PASSWORD") {
        context.log.info("sign-in refused: wrong e-mail or password");
        // Past the limit a wrong password says so with 429; the right one was let through above.
        await enforceLimits(db, [[AUTH_RATE_RULES.loginFailuresPerEmail, email]]);
        throw new AppError(401, "INVALID_CREDENTIALS", authMessages.invalidCredentials);
      }
      // auth.ts refuses a session to an account whose stored address is not one mailbox (docs/decisions/028).
      if (code === "FAILED_TO_CREATE_SESSION") {
        context.log.warn("sign-in refused: the account's address is not one mailbox");
        throw new AppError(401, "INVALID_CREDENTIALS", authMessages.invalidCredentials);
      }
      if (code === "EMAIL_NOT_VERIFIED") {
        throw new AppError(403, "EMAIL_NOT_VERIFIED", authMessages.emailNotConfirmed);
      }
      // auth.ts refuses a session to a deactivated account, the right password given (docs/decisions/048).
      if (code === ACCOUNT_DEACTIVATED) throw accountDeactivated();
      throw err;
    }
  }

  async function logout(context: RequestContext) {
    const key = deps.sessions.keyOfCookie(context.headers.get("cookie"));
    const { headers } = await auth.api.signOut({ headers: context.headers, returnHeaders: true });
    // Once the row is gone, so that no instance caches it again (decision 012).
    if (key) await deps.sessions.revoke({ type: "session", key });
    return { headers };
  }

  return { login, logout };
}
