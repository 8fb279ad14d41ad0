import type { User } from "@/domain/auth/auth.schema";
import type { PasskeySignInInput, RegisterPasskeyInput } from "@/domain/auth/second-factor";
import { secondFactorMessages } from "@/domain/auth/second-factor-rules";
import { authMessages, type Notice } from "@/domain/messages";
import { ACCOUNT_DEACTIVATED, type Auth } from "../../auth/auth";
import type { RateRule } from "../../auth/rate-limit";
import { PASSKEY_USER_NOT_VERIFIED } from "../../auth/second-factor";
import type { Db } from "../../db/client";
import { AppError, notFound } from "../../http/errors";
import type { RequestContext, SignedInContext } from "../../http/request-context";
import { authErrorCode, enforceLimits } from "../auth/auth.service";
import { markSession, passkeysOf, totpStateOf } from "./second-factor.queries";
import type { SecondFactorServiceDeps } from "./second-factor.service";
import { tellOwner } from "./second-factor.service";

/** Passkey sign-ins per IP: each one is a WebAuthn ceremony, far fewer than a script would try. */
export const PASSKEY_RATE_RULES = {
  signInPerIp: { name: "passkey-sign-in:ip", limit: 100, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateRule>;

const refused = (status: number, code: string, notice: Notice) => new AppError(status, code, notice);

/** better-auth's refusals of a passkey, as ours. */
function passkeyRefusal(code: string | undefined): AppError | null {
  const m = secondFactorMessages;
  switch (code) {
    case "SESSION_NOT_FRESH":
      return refused(403, "SESSION_NOT_FRESH", m.passkeyNotFresh);
    case "CHALLENGE_NOT_FOUND":
      return refused(400, "PASSKEY_EXPIRED", m.passkeyExpired);
    case PASSKEY_USER_NOT_VERIFIED:
      return refused(400, PASSKEY_USER_NOT_VERIFIED, m.passkeyNotVerified);
    case "PASSKEY_NOT_FOUND":
    case "AUTHENTICATION_FAILED":
    case "FAILED_TO_VERIFY_REGISTRATION":
    case "PREVIOUSLY_REGISTERED":
    case "PASSKEY_NOT_VERIFIED":
      return refused(401, "PASSKEY_REFUSED", m.passkeyRefused);
    default:
      return null;
  }
}

const publicUser = (u: { id: string; email: string; name: string }): User => ({
  id: u.id,
  email: u.email,
  name: u.name,
});

/**
 * Passkeys (docs/decisions/056) through better-auth's passkey plugin, whose endpoints stay closed
 * from outside: registered and removed on 'Minha conta', and a way to sign in on /login that
 * counts as the second factor as well (second-factor.ts, `sessionSatisfiesSecondFactor`).
 */
export function createPasskeyService(deps: SecondFactorServiceDeps) {
  const { db, auth, sessions } = deps;

  /** The browser's registration options; the challenge is kept in better-auth's signed cookie. */
  async function registrationOptions(context: SignedInContext) {
    try {
      const { headers, response } = await auth.api.generatePasskeyRegistrationOptions({
        query: { name: context.user.email },
        headers: context.headers,
        returnHeaders: true,
      });
      return { headers, options: response as unknown as Record<string, unknown> };
    } catch (err) {
      throw passkeyRefusal(authErrorCode(err)) ?? err;
    }
  }

  async function register(context: SignedInContext, input: RegisterPasskeyInput) {
    const userId = context.user.id;
    try {
      const created = await auth.api.verifyPasskeyRegistration({
        body: { response: input.response, name: input.name || secondFactorMessages.passkeyDefaultName },
        headers: context.headers,
      });
      context.log.info({ userId }, "passkey registered");
      // The passkey was just used, with its PIN or biometry: this session has proved it (055, 056).
      const current = await auth.api.getSession({ headers: context.headers });
      if (current) await markSession(db, current.session.id, "passkey");
      // Enrolled now: the gate of every session of theirs is asked again (docs/decisions/055).
      await sessions.revoke({ type: "user", userId });
      await tellOwner(deps, context, "passkey-added");
      const row = created as { id: string; name?: string | null; createdAt?: Date | string | null };
      return {
        id: row.id,
        name: row.name ?? "",
        createdAt: row.createdAt ? new Date(row.createdAt).toISOString() : null,
      };
    } catch (err) {
      const answer = passkeyRefusal(authErrorCode(err));
      if (!answer) throw err;
      context.log.info({ userId, code: authErrorCode(err) }, "passkey registration refused");
      throw answer;
    }
  }

  /** Only one's own; not the last factor of someone who must have one. */
  async function remove(context: SignedInContext, id: string) {
    const userId = context.user.id;
    const own = await passkeysOf(db, userId);
    if (!own.some((p) => p.id === id)) throw notFound();
    const totp = (await totpStateOf(db, userId)) === "enabled";
    if (context.user.secondFactor.required && !totp && own.length === 1) {
      throw refused(409, "SECOND_FACTOR_STILL_REQUIRED", secondFactorMessages.passkeyLast);
    }
    await auth.api.deletePasskey({ body: { id }, headers: context.headers });
    context.log.info({ userId }, "passkey removed");
    await sessions.revoke({ type: "user", userId });
  }

  return { registrationOptions, register, remove, ...createPasskeySignIn(deps) };
}

/** /login's 'Entrar com chave de acesso'. */
function createPasskeySignIn(deps: { db: Db; auth: Auth }) {
  const { db, auth } = deps;

  async function signInOptions(context: RequestContext) {
    await enforceLimits(db, [[PASSKEY_RATE_RULES.signInPerIp, context.ip]]);
    const { headers, response } = await auth.api.generatePasskeyAuthenticationOptions({
      headers: context.headers,
      returnHeaders: true,
    });
    return { headers, options: response as unknown as Record<string, unknown> };
  }

  async function signIn(input: PasskeySignInInput, context: RequestContext) {
    await enforceLimits(db, [[PASSKEY_RATE_RULES.signInPerIp, context.ip]]);
    try {
      const { headers, response } = await auth.api.verifyPasskeyAuthentication({
        // better-auth checks the answer itself (@simplewebauthn/server); ours only says it is an object.
        body: { response: input.response as never },
        headers: context.headers,
        returnHeaders: true,
      });
      const user = (response as { user: { id: string; email: string; name: string } }).user;
      context.log.info({ userId: user.id }, "signed in with a passkey");
      return { headers, user: publicUser(user) };
    } catch (err) {
      const code = authErrorCode(err);
      if (code === ACCOUNT_DEACTIVATED)
        throw new AppError(403, ACCOUNT_DEACTIVATED, authMessages.accountDeactivated);
      const answer = passkeyRefusal(code);
      if (!answer) throw err;
      context.log.info({ code }, "passkey sign-in refused");
      throw answer;
    }
  }

  return { signInOptions, signIn };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
