import { checkLogin } from "@/domain/auth/auth.rules";
import { safeReturnPath } from "@/domain/auth/return-path";
import { authMessages } from "@/domain/messages";
import { type Auth, LINK_LANDING } from "../../auth/auth";
import { spendMagicLink } from "../../auth/magic-link";
import { AUTH_RATE_RULES, type RateRule } from "../../auth/rate-limit";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import type { RequestContext } from "../../http/request-context";
import { isMailFailure } from "../../mail/mailer";
import { findUserByEmail } from "./auth.queries";
import { addressOf, enforceLimits } from "./auth-limits";
import { linkInvalid } from "./auth-refusals";

export type MagicLinkDeps = { db: Db; auth: Auth; requireEmailVerification: boolean };

/** 'Entrar com link mágico': a single-use sign-in link by e-mail. */
export function createMagicLinks(deps: MagicLinkDeps) {
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
