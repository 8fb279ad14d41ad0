import {
  checkLogin,
  checkPasswordChoice,
  checkRegistration,
  type LoginInput,
  type PasswordChoiceInput,
  type RegisterInput,
} from "@/domain/auth/auth.rules";
import type { User } from "@/domain/auth/auth.schema";
import { parseMailbox } from "@/domain/auth/mailbox";
import { normalizePersonName } from "@/domain/auth/person-name";
import { safeReturnPath } from "@/domain/auth/return-path";
import { authMessages } from "@/domain/messages";
import { ACCOUNT_DEACTIVATED, type Auth, LINK_LANDING } from "../../auth/auth";
import { spendMagicLink } from "../../auth/magic-link";
import {
  AUTH_RATE_RULES,
  clearRateLimit,
  hitRateLimit,
  limitReached,
  type RateRule,
} from "../../auth/rate-limit";
import type { SessionRevoker } from "../../auth/session-events";
import type { Db } from "../../db/client";
import { AppError, tooManyRequests } from "../../http/errors";
import type { RequestContext } from "../../http/request-context";
import { isMailFailure } from "../../mail/mailer";
import { findUserByEmail } from "./auth.queries";
import type { PendingSignUps } from "./pending-sign-ups.service";

export type AuthServiceDeps = {
  db: Db;
  auth: Auth;
  pending: PendingSignUps;
  /** E-mails the confirmation link carrying `token`. */
  sendConfirmation: (user: User, token: string) => Promise<void>;
  allowedEmailDomains: string[];
  requireEmailVerification: boolean;
  sessions: SessionRevoker;
};

type BetterAuthError = { statusCode?: number; body?: { code?: string; message?: string }; message?: string };

/**
 * The one mailbox typed, as kept (docs/decisions/028), or "" for anything else:
 * such a text names no account, so only the per-IP limits count it, and no
 * counter row keeps whatever it holds.
 */
export function addressOf(input: { email?: string | undefined }): string {
  return parseMailbox(input.email ?? "") ?? "";
}

const accountDeactivated = () => new AppError(403, ACCOUNT_DEACTIVATED, authMessages.accountDeactivated);

export function authErrorCode(err: unknown): string | undefined {
  return (err as BetterAuthError)?.body?.code;
}

export async function enforceLimits(db: Db, checks: [RateRule, string][]) {
  for (const [rule, subject] of checks) {
    const decision = await hitRateLimit(db, rule, subject);
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
  }
}

/** 429 while `rule` has reached its limit for `subject`, before anything is checked or counted. */
export async function refuseWhileLimited(db: Db, rule: RateRule, subject: string) {
  const retryAfter = await limitReached(db, rule, subject);
  if (retryAfter !== null) throw tooManyRequests(retryAfter);
}

const publicUser = (u: { id: string; email: string; name: string }): User => ({
  id: u.id,
  email: u.email,
  name: u.name,
});

export function createAuthService(deps: AuthServiceDeps) {
  return {
    ...createSignUp(deps),
    ...createConfirmations(deps),
    ...createSignIn(deps),
    ...createMagicLinks(deps),
  };
}

/** 'Cadastro': a pending sign-up, or with confirmation off an account at once. */
function createSignUp(deps: AuthServiceDeps) {
  const { db, auth } = deps;

  /**
   * With confirmation on (the default), a pending sign-up: the address is only
   * proven by its link, so an unconfirmed account is anyone's to replace and a
   * confirmed one is 'Email já cadastrado'. `nonce` goes to the registering
   * browser as a cookie (docs/decisions/009-pending-sign-ups.md).
   */
  async function register(input: RegisterInput, context: RequestContext) {
    const email = addressOf(input);
    await enforceLimits(db, [
      [AUTH_RATE_RULES.registerPerIp, context.ip],
      ...(email ? [[AUTH_RATE_RULES.registerPerEmail, email] as [RateRule, string]] : []),
    ]);
    const failure = checkRegistration(input, deps.allowedEmailDomains);
    if (failure) throw new AppError(400, failure.rule, failure, failure.fields);
    const name = normalizePersonName(input.name!);
    if (!deps.requireEmailVerification) {
      const user = await registerConfirmed({ name, email, password: input.password! }, context);
      return { user, requiresEmailVerification: false, nonce: null };
    }

    const started = await deps.pending.start({ name, email, password: input.password! });
    if (started === "taken") throw emailTaken();
    try {
      await deps.sendConfirmation(started.user, started.token);
    } catch (err) {
      if (!isMailFailure(err)) throw err;
      // Nothing half-done: without its e-mail the sign-up could never be confirmed.
      await deps.pending.abandon(started.user.id, started.token);
      context.log.error({ err }, "sign-up undone: the confirmation e-mail could not be sent");
      throw new AppError(503, "MAIL_FAILED", authMessages.confirmationNotSent);
    }
    context.log.info({ userId: started.user.id }, "sign-up pending e-mail confirmation");
    return { user: publicUser(started.user), requiresEmailVerification: true, nonce: started.nonce };
  }

  /** REQUIRE_EMAIL_VERIFICATION=false: the e-mail is taken as given (README: the takeover risk). */
  async function registerConfirmed(
    input: { name: string; email: string; password: string },
    context: RequestContext,
  ) {
    if (await findUserByEmail(db, input.email)) throw emailTaken();
    try {
      const result = await auth.api.signUpEmail({
        body: { ...input, callbackURL: LINK_LANDING.confirmed },
        headers: context.headers,
      });
      context.log.info({ userId: result.user.id }, "user registered");
      return publicUser(result.user);
    } catch (err) {
      // Two sign-ups racing for one address: the unique index decides, the loser hears the spec's answer.
      if (authErrorCode(err)?.startsWith("USER_ALREADY_EXISTS") || (await findUserByEmail(db, input.email))) {
        throw emailTaken();
      }
      throw err;
    }
  }

  return { register };
}

/** The confirmation link: sent again, opened, looked at, and finished with a password. */
function createConfirmations(deps: AuthServiceDeps) {
  const { db } = deps;

  /**
   * 'Reenviar e-mail de confirmação': a new link for the pending sign-up of
   * `email`, older ones dead. The answer is the same whether or not there is
   * one, so it tells nobody which addresses are waiting. `refreshNonce`: the
   * caller is the browser that registered, whose cookie gets a fresh lifetime.
   */
  async function resendConfirmation(input: { email?: string }, context: RequestContext, nonce?: string) {
    const email = addressOf(input);
    await enforceLimits(db, [
      [AUTH_RATE_RULES.resendConfirmationPerIp, context.ip],
      ...(email ? [[AUTH_RATE_RULES.resendConfirmationPerEmail, email] as [RateRule, string]] : []),
    ]);
    const failure = checkLogin(input, "magic-link");
    if (failure) throw new AppError(400, failure.rule, failure, failure.fields);
    if (!deps.requireEmailVerification) return { refreshNonce: false };
    const renewed = await deps.pending.renew(email);
    if (!renewed) {
      context.log.info("confirmation not resent: no unconfirmed account for that address");
      return { refreshNonce: false };
    }
    try {
      await deps.sendConfirmation(renewed.user, renewed.token);
    } catch (err) {
      if (!isMailFailure(err)) throw err;
      context.log.error({ err }, "confirmation e-mail not resent");
      throw new AppError(503, "MAIL_FAILED", authMessages.confirmationNotResent);
    }
    context.log.info({ userId: renewed.user.id }, "confirmation e-mail resent");
    return { refreshNonce: deps.pending.sameHash(renewed.browserNonceHash, nonce) };
  }

  /**
   * GET of the e-mailed link: where to send the browser. Changes nothing, wherever it is opened: a
   * mail scanner opens it first, with HEAD and GET (docs/decisions/009).
   */
  async function openConfirmationLink(context: RequestContext, token: string) {
    if (await deps.pending.findValid(token)) return LINK_LANDING.confirmationPage(token);
    context.log.info("confirmation link refused (invalid, used or expired)");
    return LINK_LANDING.failed;
  }

  /** What the confirmation page shows before anything is typed: whose sign-up, and whether this browser made it. */
  async function pendingConfirmation(token: string, nonce: string | undefined) {
    const found = await deps.pending.inspect(token, nonce);
    if (!found) throw linkInvalid(404);
    return { email: found.pending.email, name: found.pending.name, sameBrowser: found.sameBrowser };
  }

  /** 'Confirmar email' in the browser that registered: spends the link, keeps the password chosen then. */
  async function confirmInThisBrowser(token: string, context: RequestContext, nonce: string | undefined) {
    const confirmed = await deps.pending.confirmInBrowser(token, nonce);
    if (!confirmed) throw linkInvalid(400);
    context.log.info({ userId: confirmed.userId }, "e-mail confirmed in the browser that registered");
    return { email: confirmed.email };
  }

  /** The set-password page: spends the token, confirms the e-mail, and sets this name and password. */
  async function confirmWithPassword(
    input: PasswordChoiceInput & { token?: string },
    context: RequestContext,
  ) {
    const failure = checkPasswordChoice(input);
    if (failure) throw new AppError(400, failure.rule, failure, failure.fields);
    const user = await deps.pending.confirmWithPassword(input.token ?? "", {
      name: normalizePersonName(input.name!),
      password: input.password!,
    });
    if (!user) throw linkInvalid(400);
    context.log.info({ userId: user.id }, "e-mail confirmed with a password chosen on confirmation");
    return { email: user.email };
  }

  return {
    resendConfirmation,
    openConfirmationLink,
    pendingConfirmation,
    confirmInThisBrowser,
    confirmWithPassword,
  };
}

/** Signing in with a password, and signing out. */
function createSignIn(deps: AuthServiceDeps) {
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

/** 'Entrar com link mágico': a single-use sign-in link by e-mail. */
function createMagicLinks(deps: AuthServiceDeps) {
  const { db, auth } = deps;

  async function sendMagicLink(input: { email?: string; returnTo?: string }, context: RequestContext) {
    const email = addressOf(input);
    await enforceLimits(db, [
      [AUTH_RATE_RULES.magicLinkPerIp, context.ip],
      ...(email ? [[AUTH_RATE_RULES.magicLinkPerEmail, email] as [RateRule, string]] : []),
    ]);
    const failure = checkLogin(input, "magic-link");
    if (failure) throw new AppError(400, failure.rule, failure, failure.fields);
    const user = await findUserByEmail(db, email);
    // A deactivated account answers as an unknown address: asked without a password, anything
    // else would let anyone list who has left (docs/decisions/048).
    if (!user || user.deactivatedAt) {
      if (user) context.log.info({ userId: user.id }, "magic link not sent: account deactivated");
      throw new AppError(404, "USER_NOT_FOUND", authMessages.userNotFound, {
        email: authMessages.userNotFound.description,
      });
    }
    /*
     * An unconfirmed account is refused here as at password sign-in: it is
     * confirmed by its confirmation link only, which settles whose password it
     * keeps (docs/decisions/009). The login page then offers to resend that link.
     */
    if (deps.requireEmailVerification && !user.emailVerified) {
      throw new AppError(403, "EMAIL_NOT_VERIFIED", authMessages.emailNotConfirmed);
    }
    try {
      await auth.api.signInMagicLink({
        body: {
          email,
          // An e-mailed request link opened while signed out lands back on that request (decision 011).
          callbackURL: safeReturnPath(input.returnTo) ?? LINK_LANDING.signedIn,
          errorCallbackURL: LINK_LANDING.failed,
        },
        headers: context.headers,
      });
    } catch (err) {
      if (!isMailFailure(err)) throw err;
      context.log.error({ err }, "magic link not sent");
      throw new AppError(503, "MAIL_FAILED", authMessages.magicLinkNotSent);
    }
    context.log.info({ userId: user.id }, "magic link sent");
  }

  /** The click on the link's page: the only way the e-mailed link is spent (magic-link.ts). */
  async function verifyMagicLink(
    input: { token: string; next?: string | undefined },
    context: RequestContext,
  ) {
    await enforceLimits(db, [[AUTH_RATE_RULES.magicLinkVerifyPerIp, context.ip]]);
    const spent = await spendMagicLink(auth, context.headers, input.token, safeReturnPath(input.next));
    if (!spent.to) {
      context.log.info("e-mailed sign-in link refused (invalid, used or expired)");
      throw linkInvalid(400);
    }
    return { headers: spent.headers, result: { to: spent.to } };
  }

  return { sendMagicLink, verifyMagicLink };
}

function linkInvalid(status: 400 | 404) {
  return new AppError(status, "LINK_INVALID", authMessages.linkInvalid);
}

function emailTaken() {
  const m = authMessages.emailTaken;
  return new AppError(409, "EMAIL_TAKEN", m, { email: m.description });
}

export type AuthService = ReturnType<typeof createAuthService>;
