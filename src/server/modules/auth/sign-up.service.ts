import { checkRegistration, type RegisterInput } from "@/domain/auth/auth.rules";
import type { User } from "@/domain/auth/auth.schema";
import { normalizePersonName } from "@/domain/auth/person-name";
import { authMessages } from "@/domain/messages";
import { type Auth, LINK_LANDING } from "../../auth/auth";
import { AUTH_RATE_RULES, type RateRule } from "../../auth/rate-limit";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import type { RequestContext } from "../../http/request-context";
import { isMailFailure } from "../../mail/mailer";
import { findUserByEmail } from "./auth.queries";
import { addressOf, enforceLimits } from "./auth-limits";
import { authErrorCode, emailTaken, publicUser } from "./auth-refusals";
import type { PendingSignUps } from "./pending-sign-ups.service";

export type SignUpDeps = {
  db: Db;
  auth: Auth;
  pending: PendingSignUps;
  /** E-mails the confirmation link carrying `token`. */
  sendConfirmation: (user: User, token: string) => Promise<void>;
  allowedEmailDomains: string[];
  requireEmailVerification: boolean;
};

/** 'Cadastro': a pending sign-up, or with confirmation off an account at once. */
export function createSignUp(deps: SignUpDeps) {
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
