import { checkLogin, checkPasswordChoice, type PasswordChoiceInput } from "@/domain/auth/auth.rules";
import { normalizePersonName } from "@/domain/auth/person-name";
import { authMessages } from "@/domain/messages";
import { LINK_LANDING } from "../../auth/auth";
import { AUTH_RATE_RULES, type RateRule } from "../../auth/rate-limit";
import { AppError } from "../../http/errors";
import type { RequestContext } from "../../http/request-context";
import { isMailFailure } from "../../mail/mailer";
import { addressOf, enforceLimits } from "./auth-limits";
import { linkInvalid } from "./auth-refusals";
import type { SignUpDeps } from "./sign-up.service";

export type ConfirmationDeps = Pick<
  SignUpDeps,
  "db" | "pending" | "sendConfirmation" | "requireEmailVerification"
>;

/** The confirmation link: sent again, opened, looked at, and finished with a password. */
export function createConfirmations(deps: ConfirmationDeps) {
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
