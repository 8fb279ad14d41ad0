import { secondFactorMessages } from "@/domain/auth/second-factor-rules";
import type { Notice } from "@/domain/messages";
import type { Auth } from "../../auth/auth";
import type { RateRule } from "../../auth/rate-limit";
import type { SessionRevoker } from "../../auth/session-events";
import type { Db } from "../../db/client";
import { AppError, fieldError } from "../../http/errors";
import type { SignedInContext } from "../../http/request-context";
import { isMailFailure, type Mailer } from "../../mail/mailer";
import { type SecondFactorChange, secondFactorChangedEmail } from "../../mail/templates";
import { enforceLimits, refuseWhileLimited } from "../auth/auth.service";
import { findUserById, hasCredentialPassword } from "../password/password.queries";
import { whenInSaoPaulo } from "../password/password.service";

/*
 * What the second step and every change of the second factor share: the limits, the refusals,
 * the password asked again, and the e-mail that tells the owner.
 */

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

export const refused = (status: number, code: string, notice: Notice, field?: string) =>
  new AppError(status, code, notice, field ? { [field]: notice.description ?? notice.title } : undefined);

/** better-auth's refusals of a code, as ours: Portuguese, and 429 once it stops counting. */
export function codeRefusal(code: string | undefined, status: 400 | 401): AppError | null {
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

/** Counts one wrong password or code typed while signed in; past the limit, 429. */
export async function countFailure(deps: SecondFactorServiceDeps, userId: string) {
  await enforceLimits(deps.db, [[SECOND_FACTOR_RATE_RULES.accountFailuresPerUser, userId]]);
}

/**
 * Refuses before anything is checked once the person has typed too many wrong ones: a stolen
 * session must not keep guessing a 6-digit code, the right one included, past the limit.
 */
export async function notLockedOut(deps: SecondFactorServiceDeps, userId: string) {
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
export async function passwordGiven(
  deps: SecondFactorServiceDeps,
  context: SignedInContext,
  password: string,
) {
  const hasPassword = await hasCredentialPassword(deps.db, context.user.id);
  if (hasPassword && !password) throw fieldError("password", secondFactorMessages.passwordRequired);
  if (hasPassword) await notLockedOut(deps, context.user.id);
  return hasPassword;
}

export async function wrongPassword(deps: SecondFactorServiceDeps, context: SignedInContext): Promise<never> {
  context.log.info({ userId: context.user.id }, "second factor change refused: wrong password");
  await countFailure(deps, context.user.id);
  throw refused(400, "PASSWORD_INVALID", secondFactorMessages.passwordWrong, "password");
}
