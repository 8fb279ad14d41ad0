import { checkLogin, checkNewPassword } from "@/domain/auth/auth.rules";
import type {
  ChangePasswordInput,
  RequestPasswordResetInput,
  ResetPasswordInput,
} from "@/domain/auth/security.schema";
import { authMessages, passwordMessages } from "@/domain/messages";
import { ACCOUNT_DEACTIVATED, type Auth } from "../../auth/auth";
import { deleteOtherResetTokens, findResetTokenOwner } from "../../auth/password-reset";
import { AUTH_RATE_RULES, clearRateLimit, type RateRule } from "../../auth/rate-limit";
import { sessionKeyOf } from "../../auth/session-cache";
import type { SessionRevoker } from "../../auth/session-events";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import type { RequestContext, SignedInContext } from "../../http/request-context";
import { isMailFailure, type Mailer } from "../../mail/mailer";
import { passwordChangedEmail } from "../../mail/templates";
import { findUserByEmail } from "../auth/auth.queries";
import { addressOf, authErrorCode, enforceLimits, refuseWhileLimited } from "../auth/auth.service";
import { findUserById, hasCredentialPassword, sessionTokensOf } from "./password.queries";

export type PasswordServiceDeps = {
  db: Db;
  auth: Auth;
  sessions: SessionRevoker;
  mailer: Mailer;
  publicUrl: string;
  requireEmailVerification: boolean;
  clock?: () => Date;
};

/** The 'Esqueci minha senha' page, where the 'Sua senha foi alterada' e-mail's button leads. */
export const FORGOT_PASSWORD_PAGE = "/esqueci-senha";

/** Changing a password on 'Minha conta', and resetting a forgotten one by e-mail (docs/decisions/050). */
export function createPasswordService(deps: PasswordServiceDeps) {
  return { ...createPasswordChange(deps), ...createPasswordReset(deps) };
}

/** A refused new password: the sign-up's rule and message, under the field it names. */
function checked(input: { currentPassword?: string; password: string; confirmPassword: string }) {
  const failure = checkNewPassword(input);
  if (failure) throw new AppError(400, failure.rule, failure, failure.fields);
}

const noPassword = () => new AppError(400, "NO_PASSWORD", passwordMessages.noPassword);

/**
 * 'Sua senha foi alterada', to the owner. The password has changed by now: a
 * mail failure is logged, not answered, or the person would think it had not.
 */
async function tellOwner(
  deps: PasswordServiceDeps,
  userId: string,
  how: "change" | "reset",
  log: RequestContext["log"],
) {
  const user = await findUserById(deps.db, userId);
  if (!user) return;
  try {
    await deps.mailer.send(
      passwordChangedEmail({
        to: user.email,
        name: user.name,
        when: whenInSaoPaulo(deps.clock?.() ?? new Date()),
        how,
        resetUrl: `${deps.publicUrl}${FORGOT_PASSWORD_PAGE}`,
      }),
    );
  } catch (err) {
    if (!isMailFailure(err)) throw err;
    log.error({ err, userId }, "'password changed' e-mail not sent");
  }
}

/** 'em 27/11/2026 às 14:05', São Paulo's clock. */
export function whenInSaoPaulo(at: Date): string {
  const parts = new Intl.DateTimeFormat("pt-BR", {
    timeZone: "America/Sao_Paulo",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `em ${part("day")}/${part("month")}/${part("year")} às ${part("hour")}:${part("minute")}`;
}

function createPasswordChange(deps: PasswordServiceDeps) {
  const { db, auth, sessions } = deps;

  async function passwordStatus(context: SignedInContext) {
    return { hasPassword: await hasCredentialPassword(db, context.user.id) };
  }

  /**
   * better-auth's changePassword checks the current password and, with
   * 'Sair dos outros dispositivos', replaces every session of the person with
   * a new one for this browser: its cookie is in `headers`. The other sessions
   * leave every instance's cache at once; this browser's old one only in
   * `afterAnswer`, once the new cookie is on its way: told earlier, its open live
   * stream would make the page ask /api/me with the old cookie, and sign it out
   * (docs/decisions/050).
   */
  async function changePassword(context: SignedInContext, input: ChangePasswordInput) {
    const userId = context.user.id;
    await enforceLimits(db, [[AUTH_RATE_RULES.passwordChangePerIp, context.ip]]);
    await refuseWhileLimited(db, AUTH_RATE_RULES.passwordChangeFailuresPerUser, userId);
    checked(input);
    if (!(await hasCredentialPassword(db, userId))) throw noPassword();
    const before = input.signOutOthers ? await sessionTokensOf(db, userId) : [];
    const headers = await callChangePassword(context, input);
    const thisOne = sessions.keyOfCookie(context.headers.get("cookie"));
    for (const key of before.map(sessionKeyOf)) {
      if (key !== thisOne) await sessions.revoke({ type: "session", key });
    }
    await clearRateLimit(db, AUTH_RATE_RULES.passwordChangeFailuresPerUser, userId);
    context.log.info({ userId, signedOutOthers: input.signOutOthers }, "password changed");
    await tellOwner(deps, userId, "change", context.log);
    return {
      headers,
      result: { signedOutOthers: input.signOutOthers },
      afterAnswer: input.signOutOthers ? () => sessions.revoke({ type: "user", userId }) : null,
    };
  }

  /** The change itself; a wrong current password is counted, then refused on its field. */
  async function callChangePassword(context: SignedInContext, input: ChangePasswordInput) {
    const userId = context.user.id;
    try {
      const { headers } = await auth.api.changePassword({
        body: {
          currentPassword: input.currentPassword,
          newPassword: input.password,
          revokeOtherSessions: input.signOutOthers,
        },
        headers: context.headers,
        returnHeaders: true,
      });
      return headers;
    } catch (err) {
      const code = authErrorCode(err);
      if (code === "CREDENTIAL_ACCOUNT_NOT_FOUND") throw noPassword();
      if (code !== "INVALID_PASSWORD") throw err;
      context.log.info({ userId }, "password change refused: wrong current password");
      await enforceLimits(db, [[AUTH_RATE_RULES.passwordChangeFailuresPerUser, userId]]);
      const m = passwordMessages.currentPasswordWrong;
      throw new AppError(400, "CURRENT_PASSWORD_INVALID", m, { currentPassword: m.description });
    }
  }

  return { passwordStatus, changePassword };
}

function createPasswordReset(deps: PasswordServiceDeps) {
  const { db, auth, sessions } = deps;
  const linkInvalid = (status: 400 | 404) =>
    new AppError(status, "LINK_INVALID", passwordMessages.resetLinkInvalid);

  /**
   * The same answer whether or not the address has an account (and whether or
   * not its e-mail could be sent): nothing here says who is registered.
   */
  async function requestReset(input: RequestPasswordResetInput, context: RequestContext) {
    const email = addressOf(input);
    await enforceLimits(db, [
      [AUTH_RATE_RULES.passwordResetPerIp, context.ip],
      ...(email ? [[AUTH_RATE_RULES.passwordResetPerEmail, email] as [RateRule, string]] : []),
    ]);
    const failure = checkLogin(input, "magic-link");
    if (failure) throw new AppError(400, failure.rule, failure, failure.fields);
    const user = await findUserByEmail(db, email);
    // An unconfirmed sign-up is confirmed by its own link only (docs/decisions/009); a deactivated
    // account gets nothing either (docs/decisions/048), with the same answer.
    if (!user || (deps.requireEmailVerification && !user.emailVerified) || user.deactivatedAt) {
      context.log.info("password reset not sent: no confirmed, active account for that address");
      return;
    }
    try {
      await auth.api.requestPasswordReset({ body: { email }, headers: context.headers });
    } catch (err) {
      if (!isMailFailure(err)) throw err;
      context.log.error({ err, userId: user.id }, "password reset e-mail not sent");
      return;
    }
    context.log.info({ userId: user.id }, "password reset link sent");
  }

  /** What the reset page shows before anything is typed: whose password the link sets. */
  async function resetLink(token: string) {
    const userId = await findResetTokenOwner(db, token);
    const user = userId ? await findUserById(db, userId) : null;
    if (!user) throw linkInvalid(404);
    return { email: user.email };
  }

  /** Spends the link, sets the password, and ends every session of the account on every instance. */
  async function resetPassword(input: ResetPasswordInput, context: RequestContext) {
    checked(input);
    const userId = await findResetTokenOwner(db, input.token);
    if (!userId) throw linkInvalid(400);
    // A link sent before the account was deactivated sets nothing (docs/decisions/048).
    if ((await findUserById(db, userId))?.deactivatedAt) {
      throw new AppError(403, ACCOUNT_DEACTIVATED, authMessages.accountDeactivated);
    }
    try {
      await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password } });
    } catch (err) {
      const code = authErrorCode(err);
      if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND") throw linkInvalid(400);
      throw err;
    }
    // better-auth deleted the sessions with the password's change (revokeSessionsOnPasswordReset).
    await sessions.revoke({ type: "user", userId });
    await deleteOtherResetTokens(db, userId, input.token);
    context.log.info({ userId }, "password reset by e-mailed link; every session ended");
    await tellOwner(deps, userId, "reset", context.log);
    const user = await findUserById(db, userId);
    return { email: user?.email ?? "" };
  }

  return { requestReset, resetLink, resetPassword };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
