import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { SecondFactorGate } from "@/domain/auth/auth.schema";
import { PASSKEY_REQUIRED, SECOND_FACTOR_REQUIRED } from "@/domain/auth/second-factor-codes";
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
    // With an app, better-auth asks its code at every password or link sign-in; a passkey has to
    // be the way in itself, or a password alone would do (docs/decisions/056).
    const passkeyNeeded = required && enrolled && !input.twoFactorEnabled && !proven;
    return { required, enrolled, pending: required && !enrolled && !proven, passkeyNeeded };
  }

  return { stateOf, hasPasskey };
}

export type SecondFactorGateResolver = ReturnType<typeof createSecondFactorGate>;

export const secondFactorRequired = () =>
  new AppError(403, SECOND_FACTOR_REQUIRED, secondFactorMessages.required);

export const passkeyRequired = () =>
  new AppError(403, PASSKEY_REQUIRED, secondFactorMessages.passkeyRequired);

/**
 * The refusal for someone whose second factor is owed: to enrol, every route but the enrolment
 * routes and /api/me; to sign in with their passkey, every route but /api/me (enrolling another
 * factor with a password alone would get round the passkey).
 */
export function refusedBeforeSecondFactor(
  request: FastifyRequest,
  gate: SecondFactorGate,
): AppError | undefined {
  const open = request.routeOptions.config?.beforeSecondFactor;
  if (gate.passkeyNeeded) return open === "me" ? undefined : passkeyRequired();
  if (gate.pending) return open ? undefined : secondFactorRequired();
  return undefined;
}
