import type { User } from "@/domain/auth/auth.schema";
import type { SecondStepInput } from "@/domain/auth/second-factor";
import {
  checkSecondFactorCode,
  normalizeRecoveryCode,
  normalizeTotpCode,
  secondFactorMessages,
} from "@/domain/auth/second-factor-rules";
import { hitRateLimit } from "../../auth/rate-limit";
import { fieldError } from "../../http/errors";
import type { RequestContext } from "../../http/request-context";
import { authErrorCode, enforceLimits } from "../auth/auth.service";
import { deleteSessionByToken } from "./second-factor.queries";
import {
  codeRefusal,
  refused,
  SECOND_FACTOR_RATE_RULES,
  type SecondFactorServiceDeps,
} from "./second-factor-checks";

const publicUser = (u: { id: string; email: string; name: string }): User => ({
  id: u.id,
  email: u.email,
  name: u.name,
});

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
  await deleteSessionByToken(deps.db, token);
  context.log.warn({ userId }, "second step refused: a code already used");
  throw refused(401, "CODE_ALREADY_USED", secondFactorMessages.codeUsed, "code");
}

/** /login's second step: the app's code or a recovery code, after the password or the e-mailed link. */
export function createSecondStep(deps: SecondFactorServiceDeps) {
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
