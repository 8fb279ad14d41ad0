import type { PasswordConfirmation, TotpCodeInput } from "@/domain/auth/second-factor";
import { normalizeTotpCode, secondFactorMessages, totpSecretOf } from "@/domain/auth/second-factor-rules";
import type { SignedInContext } from "../../http/request-context";
import { authErrorCode } from "../auth/auth.service";
import { hasCredentialPassword } from "../password/password.queries";
import { passkeysOf, totpStateOf } from "./second-factor.queries";
import {
  countFailure,
  notLockedOut,
  passwordGiven,
  refused,
  type SecondFactorServiceDeps,
  tellOwner,
  wrongPassword,
} from "./second-factor-checks";

/** Switching the app on: the password, the QR code, then the first code and the ten recovery codes. */
export function createTotpEnrolment(deps: SecondFactorServiceDeps) {
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
   * (docs/decisions/050): told earlier, the open live stream would sign this page out. The code's
   * form was checked by the route (TotpCodeInputSchema, the form's own rule and message).
   */
  async function confirmTotp(context: SignedInContext, input: TotpCodeInput) {
    const userId = context.user.id;
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
