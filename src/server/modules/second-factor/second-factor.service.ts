import { eq } from "drizzle-orm";
import type { User } from "@/domain/auth/auth.schema";
import type { DisableTotpInput, PasswordConfirmation, SecondStepInput } from "@/domain/auth/second-factor";
import {
  checkSecondFactorCode,
  normalizeRecoveryCode,
  normalizeTotpCode,
  secondFactorMessages,
  totpSecretOf,
} from "@/domain/auth/second-factor-rules";
import type { Notice } from "@/domain/messages";
import type { Auth } from "../../auth/auth";
import { hitRateLimit, type RateRule } from "../../auth/rate-limit";
import type { SessionRevoker } from "../../auth/session-events";
import type { Db } from "../../db/client";
import { sessions } from "../../db/schema";
import { AppError, fieldError } from "../../http/errors";
import type { RequestContext, SignedInContext } from "../../http/request-context";
import { isMailFailure, type Mailer } from "../../mail/mailer";
import { type SecondFactorChange, secondFactorChangedEmail } from "../../mail/templates";
import { authErrorCode, enforceLimits, refuseWhileLimited } from "../auth/auth.service";
import { findUserById, hasCredentialPassword } from "../password/password.queries";
import { whenInSaoPaulo } from "../password/password.service";
import { passkeysOf, totpStateOf } from "./second-factor.queries";

/**
 * Limits of the second factor (docs/decisions/054), beside better-auth's own: a sign-in's second
 * step takes 5 codes, then the password is asked again; 10 wrong codes in a row lock the account's
 * second step for 15 minutes. Ours: every second step per IP, and the wrong codes and passwords a
 * signed-in person types on 'Minha conta' (a stolen session must not become a way to guess them).
 */
export const SECOND_FACTOR_RATE_RULES = {
  secondStepPerIp: { name: "second-step:ip", limit: 100, windowSeconds: 15 * 60 },
  accountFailuresPerUser: { name: "second-factor-failures:user", limit: 10, windowSeconds: 15 * 60 },
  /** A code accepted at sign-in, per person: used once, then refused for 90 s (its whole window). */
  codeUsed: { name: "second-factor-code-used", limit: 1, windowSeconds: 90 },
} as const satisfies Record<string, RateRule>;

export type SecondFactorServiceDeps = {
  db: Db;
  auth: Auth;
  sessions: SessionRevoker;
  mailer: Mailer;
  /** 'Minha conta', where the e-mails' button leads. */
  accountUrl: string;
  clock?: () => Date;
};

const publicUser = (u: { id: string; email: string; name: string }): User => ({
  id: u.id,
  email: u.email,
  name: u.name,
});

const refused = (status: number, code: string, notice: Notice, field?: string) =>
  new AppError(status, code, notice, field ? { [field]: notice.description ?? notice.title } : undefined);

/** better-auth's refusals of a code, as ours: Portuguese, and 429 once it stops counting. */
function codeRefusal(code: string | undefined, status: 400 | 401): AppError | null {
  const m = secondFactorMessages;
  switch (code) {
    case "INVALID_CODE":
      return refused(status, "INVALID_CODE", m.codeWrong, "code");
    case "INVALID_BACKUP_CODE":
      return refused(status, "INVALID_RECOVERY_CODE", m.recoveryCodeWrong, "code");
    case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
      return refused(429, "TOO_MANY_ATTEMPTS", m.tooManyAttempts);
    case "ACCOUNT_TEMPORARILY_LOCKED":
      return refused(429, "SECOND_FACTOR_LOCKED", m.locked);
    case "INVALID_TWO_FACTOR_COOKIE":
    case "TOTP_NOT_ENABLED":
    case "BACKUP_CODES_NOT_ENABLED":
      return refused(401, "SECOND_STEP_EXPIRED", m.challengeExpired);
    default:
      return null;
  }
}

/** The authenticator app, its recovery codes and the second step of /login (docs/decisions/054). */
export function createSecondFactorService(deps: SecondFactorServiceDeps) {
  return { ...createSecondStep(deps), ...createTotpEnrolment(deps), ...createTotpManagement(deps) };
}

/** Counts one wrong password or code typed while signed in; past the limit, 429. */
async function countFailure(deps: SecondFactorServiceDeps, userId: string) {
  await enforceLimits(deps.db, [[SECOND_FACTOR_RATE_RULES.accountFailuresPerUser, userId]]);
}

/**
 * Refuses before anything is checked once the person has typed too many wrong ones: a stolen
 * session must not keep guessing a 6-digit code, the right one included, past the limit.
 */
async function notLockedOut(deps: SecondFactorServiceDeps, userId: string) {
  await refuseWhileLimited(deps.db, SECOND_FACTOR_RATE_RULES.accountFailuresPerUser, userId);
}

/** 'Verificação em duas etapas ativada' and the rest, to the owner; a mail failure is only logged. */
export async function tellOwner(
  deps: SecondFactorServiceDeps,
  context: SignedInContext,
  change: SecondFactorChange,
) {
  const user = await findUserById(deps.db, context.user.id);
  if (!user) return;
  try {
    await deps.mailer.send(
      secondFactorChangedEmail({
        to: user.email,
        name: user.name,
        change,
        when: whenInSaoPaulo(deps.clock?.() ?? new Date()),
        accountUrl: deps.accountUrl,
      }),
    );
  } catch (err) {
    if (!isMailFailure(err)) throw err;
    context.log.error({ err, userId: user.id, change }, "second-factor e-mail not sent");
  }
}

/** The account's password when it has one: required, and a wrong one counted (400 on its field). */
async function passwordGiven(deps: SecondFactorServiceDeps, context: SignedInContext, password: string) {
  const hasPassword = await hasCredentialPassword(deps.db, context.user.id);
  if (hasPassword && !password) throw fieldError("password", secondFactorMessages.passwordRequired);
  if (hasPassword) await notLockedOut(deps, context.user.id);
  return hasPassword;
}

async function wrongPassword(deps: SecondFactorServiceDeps, context: SignedInContext): Promise<never> {
  context.log.info({ userId: context.user.id }, "second factor change refused: wrong password");
  await countFailure(deps, context.user.id);
  throw refused(400, "PASSWORD_INVALID", secondFactorMessages.passwordWrong, "password");
}

/**
 * A code from the app signs in once (ASVS 6.5.1): better-auth accepts it for its whole window, so
 * each code accepted is remembered per person for 90 s (the window either side), and a second use
 * is refused; the session better-auth made for it is deleted before anyone sees its cookie.
 */
async function refuseReplay(
  deps: SecondFactorServiceDeps,
  userId: string,
  code: string,
  token: string,
  context: RequestContext,
) {
  const first = await hitRateLimit(deps.db, SECOND_FACTOR_RATE_RULES.codeUsed, `${userId}:${code}`);
  if (first.allowed) return;
  await deps.db.delete(sessions).where(eq(sessions.token, token));
  context.log.warn({ userId }, "second step refused: a code already used");
  throw refused(401, "CODE_ALREADY_USED", secondFactorMessages.codeUsed, "code");
}

/** /login's second step: the app's code or a recovery code, after the password or the e-mailed link. */
function createSecondStep(deps: SecondFactorServiceDeps) {
  const { db, auth } = deps;

  async function secondStep(input: SecondStepInput, context: RequestContext) {
    await enforceLimits(db, [[SECOND_FACTOR_RATE_RULES.secondStepPerIp, context.ip]]);
    const problem = checkSecondFactorCode(input.code, input.method);
    if (problem) throw fieldError("code", problem);
    const totp = input.method === "totp";
    const code = totp ? normalizeTotpCode(input.code) : normalizeRecoveryCode(input.code);
    let answer: { headers: Headers; response: { token?: string | undefined; user: unknown } };
    try {
      answer = totp
        ? await auth.api.verifyTOTP({ body: { code }, headers: context.headers, returnHeaders: true })
        : await auth.api.verifyBackupCode({ body: { code }, headers: context.headers, returnHeaders: true });
    } catch (err) {
      const refusal = codeRefusal(authErrorCode(err), 401);
      if (!refusal) throw err;
      context.log.info({ code: refusal.code }, "second step refused");
      throw refusal;
    }
    const user = answer.response.user as User;
    if (totp) await refuseReplay(deps, user.id, code, answer.response.token ?? "", context);
    context.log.info({ userId: user.id, method: input.method }, "signed in with a second factor");
    return { headers: answer.headers, user: publicUser(user) };
  }

  return { secondStep };
}

/** Switching the app on: the password, the QR code, then the first code and the ten recovery codes. */
function createTotpEnrolment(deps: SecondFactorServiceDeps) {
  const { db, auth, sessions } = deps;

  async function status(context: SignedInContext) {
    const userId = context.user.id;
    const totp = (await totpStateOf(db, userId)) === "enabled";
    const left = totp
      ? ((await auth.api.viewBackupCodes({ body: { userId } }).catch(() => null))?.backupCodes.length ?? 0)
      : 0;
    return {
      totp,
      recoveryCodesLeft: left,
      hasPassword: await hasCredentialPassword(db, userId),
      required: context.user.secondFactor.required,
      passkeys: await passkeysOf(db, userId),
    };
  }

  /** A new secret, not yet in force: the app shows codes for it, and the first one confirms it. */
  async function startTotp(context: SignedInContext, input: PasswordConfirmation) {
    const userId = context.user.id;
    if ((await totpStateOf(db, userId)) === "enabled") {
      throw refused(409, "TOTP_ALREADY_ENABLED", secondFactorMessages.alreadyEnabled);
    }
    const hasPassword = await passwordGiven(deps, context, input.password);
    try {
      const result = await auth.api.enableTwoFactor({
        body: { method: "totp", ...(hasPassword ? { password: input.password } : {}) },
        headers: context.headers,
      });
      const totpUri = "totpURI" in result ? (result.totpURI ?? "") : "";
      context.log.info({ userId }, "authenticator app enrolment started");
      return { totpUri, secret: totpSecretOf(totpUri) };
    } catch (err) {
      if (authErrorCode(err) === "INVALID_PASSWORD") return wrongPassword(deps, context);
      throw err;
    }
  }

  /**
   * The first code confirms the app: better-auth switches it on and replaces this browser's
   * session by one that counts as signed in with the second factor (its cookie in `headers`).
   * The old session is forgotten everywhere once the answer is sent, as for a password change
   * (docs/decisions/050): told earlier, the open live stream would sign this page out.
   */
  async function confirmTotp(context: SignedInContext, input: { code: string }) {
    const userId = context.user.id;
    const problem = checkSecondFactorCode(input.code, "totp");
    if (problem) throw fieldError("code", problem);
    await notLockedOut(deps, userId);
    const state = await totpStateOf(db, userId);
    if (state === "enabled") throw refused(409, "TOTP_ALREADY_ENABLED", secondFactorMessages.alreadyEnabled);
    if (state === "none") throw refused(409, "TOTP_NOT_STARTED", secondFactorMessages.notStarted);
    let headers: Headers;
    try {
      ({ headers } = await auth.api.verifyTOTP({
        body: { code: normalizeTotpCode(input.code) },
        headers: context.headers,
        returnHeaders: true,
      }));
    } catch (err) {
      if (authErrorCode(err) !== "INVALID_CODE") throw err;
      context.log.info({ userId }, "authenticator app not confirmed: wrong code");
      await countFailure(deps, userId);
      throw refused(400, "INVALID_CODE", secondFactorMessages.codeWrong, "code");
    }
    const { backupCodes } = await auth.api.viewBackupCodes({ body: { userId } });
    context.log.info({ userId }, "authenticator app enabled");
    await tellOwner(deps, context, "totp-enabled");
    return {
      headers,
      result: { recoveryCodes: backupCodes },
      afterAnswer: () => sessions.revoke({ type: "user", userId }),
    };
  }

  return { status, startTotp, confirmTotp };
}

/** Switching the app off, and new recovery codes. */
function createTotpManagement(deps: SecondFactorServiceDeps) {
  const { db, auth, sessions } = deps;

  /**
   * The password, or for an account without one a current code. Refused while the person must
   * have a second factor and the app is their only one (docs/decisions/055).
   */
  async function disableTotp(context: SignedInContext, input: DisableTotpInput) {
    const userId = context.user.id;
    if ((await totpStateOf(db, userId)) !== "enabled") {
      throw refused(409, "TOTP_NOT_ENABLED", secondFactorMessages.notEnabled);
    }
    if (context.user.secondFactor.required && (await passkeysOf(db, userId)).length === 0) {
      throw refused(409, "SECOND_FACTOR_STILL_REQUIRED", secondFactorMessages.stillRequired);
    }
    const hasPassword = await hasCredentialPassword(db, userId);
    if (!hasPassword) await currentCodeGiven(context, input.code);
    else await passwordGiven(deps, context, input.password);
    let headers: Headers;
    try {
      ({ headers } = await auth.api.disableTwoFactor({
        body: hasPassword ? { password: input.password } : {},
        headers: context.headers,
        returnHeaders: true,
      }));
    } catch (err) {
      if (authErrorCode(err) === "INVALID_PASSWORD") return wrongPassword(deps, context);
      throw err;
    }
    context.log.info({ userId }, "authenticator app disabled");
    await tellOwner(deps, context, "totp-disabled");
    return { headers, afterAnswer: () => sessions.revoke({ type: "user", userId }) };
  }

  /** A current code from the app, for an account that has no password to give. */
  async function currentCodeGiven(context: SignedInContext, code: string) {
    const problem = checkSecondFactorCode(code, "totp");
    if (problem) throw fieldError("code", problem);
    await notLockedOut(deps, context.user.id);
    try {
      await auth.api.verifyTOTP({ body: { code: normalizeTotpCode(code) }, headers: context.headers });
    } catch (err) {
      if (authErrorCode(err) !== "INVALID_CODE") throw err;
      await countFailure(deps, context.user.id);
      throw refused(400, "INVALID_CODE", secondFactorMessages.codeWrong, "code");
    }
  }

  /** Ten new recovery codes; the old ones stop working. */
  async function renewRecoveryCodes(context: SignedInContext, input: PasswordConfirmation) {
    const userId = context.user.id;
    if ((await totpStateOf(db, userId)) !== "enabled") {
      throw refused(409, "TOTP_NOT_ENABLED", secondFactorMessages.notEnabled);
    }
    const hasPassword = await passwordGiven(deps, context, input.password);
    try {
      const { backupCodes } = await auth.api.generateBackupCodes({
        body: hasPassword ? { password: input.password } : {},
        headers: context.headers,
      });
      context.log.info({ userId }, "recovery codes renewed");
      await tellOwner(deps, context, "codes-renewed");
      return { recoveryCodes: backupCodes };
    } catch (err) {
      if (authErrorCode(err) === "INVALID_PASSWORD") return wrongPassword(deps, context);
      throw err;
    }
  }

  return { disableTotp, renewRecoveryCodes };
}

export type SecondFactorService = ReturnType<typeof createSecondFactorService>;
