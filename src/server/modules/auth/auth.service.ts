import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { checkLogin, checkRegistration, type LoginInput, type RegisterInput } from "@/domain/auth/auth.rules";
import type { User } from "@/domain/auth/auth.schema";
import { normalizeEmail } from "@/domain/auth/email-domain";
import { authMessages } from "@/domain/messages";
import { type Auth, LINK_LANDING } from "../../auth/auth";
import { AUTH_RATE_RULES, hitRateLimit, type RateRule } from "../../auth/rate-limit";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { AppError, tooManyRequests } from "../../http/errors";
import { MailDeliveryError } from "../../mail/mailer";

export type AuthServiceDeps = {
  db: Db;
  auth: Auth;
  sendConfirmation: (user: User) => Promise<void>;
  allowedEmailDomains: string[];
  requireEmailVerification: boolean;
};

type Caller = { ip: string; headers: Headers; log: FastifyBaseLogger };

type BetterAuthError = { statusCode?: number; body?: { code?: string; message?: string }; message?: string };

function authErrorCode(err: unknown): string | undefined {
  return (err as BetterAuthError)?.body?.code;
}

async function enforceLimits(db: Db, checks: [RateRule, string][]) {
  for (const [rule, subject] of checks) {
    const decision = await hitRateLimit(db, rule, subject);
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
  }
}

async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row ?? null;
}

const publicUser = (u: { id: string; email: string; name: string }): User => ({
  id: u.id,
  email: u.email,
  name: u.name,
});

export function createAuthService(deps: AuthServiceDeps) {
  const { db, auth } = deps;

  async function register(input: RegisterInput, caller: Caller) {
    const email = normalizeEmail(input.email ?? "");
    await enforceLimits(db, [
      [AUTH_RATE_RULES.registerPerIp, caller.ip],
      ...(email ? [[AUTH_RATE_RULES.registerPerEmail, email] as [RateRule, string]] : []),
    ]);
    const failure = checkRegistration(input, deps.allowedEmailDomains);
    if (failure) throw new AppError(400, failure.rule, failure, failure.fields);
    if (await findUserByEmail(db, email)) throw emailTaken();
    try {
      const result = await auth.api.signUpEmail({
        body: {
          name: input.name!.trim(),
          email,
          password: input.password!,
          callbackURL: LINK_LANDING.confirmed,
        },
        headers: caller.headers,
      });
      if (deps.requireEmailVerification) await deps.sendConfirmation(publicUser(result.user));
      caller.log.info({ userId: result.user.id }, "user registered");
      return { user: publicUser(result.user), requiresEmailVerification: deps.requireEmailVerification };
    } catch (err) {
      if (isMailFailure(err)) {
        // Nothing half-done: without its confirmation e-mail the account could never be used,
        // and the address would stay taken. Undo it so the person can simply try again.
        await db.delete(users).where(eq(users.email, email));
        caller.log.error({ err }, "sign-up undone: the confirmation e-mail could not be sent");
        throw new AppError(503, "MAIL_FAILED", authMessages.confirmationNotSent);
      }
      // Two sign-ups racing for one address: the unique index decides, the loser hears the spec's answer.
      if (authErrorCode(err)?.startsWith("USER_ALREADY_EXISTS") || (await findUserByEmail(db, email))) {
        throw emailTaken();
      }
      throw err;
    }
  }

  async function login(input: LoginInput, caller: Caller) {
    const email = normalizeEmail(input.email ?? "");
    await enforceLimits(db, [
      [AUTH_RATE_RULES.loginPerIp, caller.ip],
      ...(email ? [[AUTH_RATE_RULES.loginPerEmail, email] as [RateRule, string]] : []),
    ]);
    const failure = checkLogin(input, "password");
    if (failure) throw new AppError(400, "REQUIRED_FIELDS", failure, failure.fields);
    try {
      const { headers, response } = await auth.api.signInEmail({
        body: { email, password: input.password!, rememberMe: true },
        headers: caller.headers,
        returnHeaders: true,
      });
      caller.log.info({ userId: response.user.id }, "signed in with password");
      return { headers, user: publicUser(response.user) };
    } catch (err) {
      const code = authErrorCode(err);
      if (code === "INVALID_EMAIL_OR_PASSWORD") {
        caller.log.info("sign-in refused: wrong e-mail or password");
        throw new AppError(401, "INVALID_CREDENTIALS", authMessages.invalidCredentials);
      }
      if (code === "EMAIL_NOT_VERIFIED") {
        throw new AppError(403, "EMAIL_NOT_VERIFIED", authMessages.emailNotConfirmed);
      }
      throw err;
    }
  }

  async function sendMagicLink(input: { email?: string }, caller: Caller) {
    const email = normalizeEmail(input.email ?? "");
    await enforceLimits(db, [
      [AUTH_RATE_RULES.magicLinkPerIp, caller.ip],
      ...(email ? [[AUTH_RATE_RULES.magicLinkPerEmail, email] as [RateRule, string]] : []),
    ]);
    const failure = checkLogin({ email }, "magic-link");
    if (failure) throw new AppError(400, "REQUIRED_FIELDS", failure, failure.fields);
    const user = await findUserByEmail(db, email);
    if (!user)
      throw new AppError(404, "USER_NOT_FOUND", authMessages.userNotFound, {
        email: authMessages.userNotFound.description,
      });
    /*
     * An unconfirmed account is refused here as at password sign-in: following the
     * link would confirm it, and better-auth then drops its password (a guard
     * against pre-registered accounts) — a surprise for a person who just signed up.
     */
    if (deps.requireEmailVerification && !user.emailVerified) {
      throw new AppError(403, "EMAIL_NOT_VERIFIED", authMessages.emailNotConfirmed);
    }
    try {
      await auth.api.signInMagicLink({
        body: { email, callbackURL: LINK_LANDING.signedIn, errorCallbackURL: LINK_LANDING.failed },
        headers: caller.headers,
      });
    } catch (err) {
      if (!isMailFailure(err)) throw err;
      caller.log.error({ err }, "magic link not sent");
      throw new AppError(503, "MAIL_FAILED", authMessages.magicLinkNotSent);
    }
    caller.log.info({ userId: user.id }, "magic link sent");
  }

  async function logout(caller: Caller) {
    const { headers } = await auth.api.signOut({ headers: caller.headers, returnHeaders: true });
    return { headers };
  }

  return { register, login, sendMagicLink, logout };
}

function isMailFailure(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if (e instanceof MailDeliveryError) return true;
  }
  return false;
}

function emailTaken() {
  const m = authMessages.emailTaken;
  return new AppError(409, "EMAIL_TAKEN", m, { email: m.description });
}

export type AuthService = ReturnType<typeof createAuthService>;
