import type { DisableTotpInput, PasswordConfirmation } from "@/domain/auth/second-factor";
import {
  checkSecondFactorCode,
  normalizeTotpCode,
  secondFactorMessages,
} from "@/domain/auth/second-factor-rules";
import { fieldError } from "../../http/errors";
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

/** Switching the app off, and new recovery codes. */
export function createTotpManagement(deps: SecondFactorServiceDeps) {
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
