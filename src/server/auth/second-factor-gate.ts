import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { SecondFactorGate } from "@/domain/auth/auth.schema";
import {
  PASSKEY_REQUIRED,
  SECOND_FACTOR_REQUIRED,
  SECOND_FACTOR_SIGN_IN_REQUIRED,
} from "@/domain/auth/second-factor-codes";
import { secondFactorMessages } from "@/domain/auth/second-factor-rules";
import type { Executor } from "../db/client";
import { passkeys } from "../db/schema";
import { AppError } from "../http/errors";
import type { Membership } from "../modules/teams/membership";
import { sessionSatisfiesSecondFactor } from "./second-factor";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Open to a signed-in person whose second factor is still owed (docs/decisions/055): `enrol`,
     * the enrolment routes, to who has none yet; `me`, who is signed in, to anyone.
     */
    beforeSecondFactor?: "enrol" | "me";
  }
}

/** The route config of the enrolment routes, which a person who must enrol may still call. */
export const BEFORE_SECOND_FACTOR = { beforeSecondFactor: "enrol" } as const;
/** `GET /api/me`: the SPA reads there what is owed. */
export const WHO_IS_SIGNED_IN = { beforeSecondFactor: "me" } as const;

export type SecondFactorGateOptions = {
  /** REQUIRE_SECOND_FACTOR (false: nobody is made to enrol). */
  enforced: boolean;
  db: Executor;
};

/**
 * Where a signed-in person stands (docs/decisions/055): required when an administrator or a
 * member of a team that requires it; enrolled with an authenticator app or a passkey; pending,
 * so refused everything but enrolling, when required, not enrolled, and the session itself did
 * not prove a factor (an SSO sign-in: `sessionSatisfiesSecondFactor`).
 */
export function createSecondFactorGate(options: SecondFactorGateOptions) {
  async function hasPasskey(userId: string): Promise<boolean> {
    const [row] = await options.db
      .select({ one: sql<number>`1` })
      .from(passkeys)
      .where(eq(passkeys.userId, userId))
      .limit(1);
    return Boolean(row);
  }

  async function stateOf(input: {
    userId: string;
    membership: Membership;
    twoFactorEnabled: boolean;
    signInMethod: string | null;
  }): Promise<SecondFactorGate> {
    const required =
      options.enforced &&
      (input.membership.access.admin || input.membership.teams.some((t) => t.secondFactorRequired));
    const enrolled = input.twoFactorEnabled || (await hasPasskey(input.userId));
    const proven = sessionSatisfiesSecondFactor({ signInMethod: input.signInMethod });
    // Only a session that proved a factor lets through someone who must have one: enrolling
    // elsewhere does not release a session opened with a password alone (perhaps a phished one),
    // nor does becoming required release the sessions of someone enrolled earlier. With an app,
    // signing in again asks its code; a passkey has to be the way in itself (docs/decisions/055, 056).
    const owed = required && enrolled && !proven;
    return {
      required,
      enrolled,
      pending: required && !enrolled && !proven,
      passkeyNeeded: owed && !input.twoFactorEnabled,
      codeNeeded: owed && input.twoFactorEnabled,
    };
  }

  return { stateOf, hasPasskey };
}

export type SecondFactorGateResolver = ReturnType<typeof createSecondFactorGate>;

export const secondFactorRequired = () =>
  new AppError(403, SECOND_FACTOR_REQUIRED, secondFactorMessages.required);

export const passkeyRequired = () =>
  new AppError(403, PASSKEY_REQUIRED, secondFactorMessages.passkeyRequired);

export const signInAgainRequired = () =>
  new AppError(403, SECOND_FACTOR_SIGN_IN_REQUIRED, secondFactorMessages.signInAgain);

/**
 * The refusal for someone whose second factor is owed: to enrol, every route but the enrolment
 * routes and /api/me; to sign in with their passkey or again with the app's code, every route but
 * /api/me (enrolling another factor with a password alone would get round the one they have).
 */
export function refusedBeforeSecondFactor(
  request: FastifyRequest,
  gate: SecondFactorGate,
): AppError | undefined {
  const open = request.routeOptions.config?.beforeSecondFactor;
  if (gate.passkeyNeeded) return open === "me" ? undefined : passkeyRequired();
  if (gate.codeNeeded) return open === "me" ? undefined : signInAgainRequired();
  if (gate.pending) return open ? undefined : secondFactorRequired();
  return undefined;
}
