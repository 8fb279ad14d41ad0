import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { SecondFactorGate } from "@/domain/auth/auth.schema";
import { SECOND_FACTOR_REQUIRED, secondFactorMessages } from "@/domain/auth/second-factor-rules";
import type { Executor } from "../db/client";
import { passkeys } from "../db/schema";
import { AppError } from "../http/errors";
import type { Membership } from "../modules/teams/membership";
import { sessionSatisfiesSecondFactor } from "./second-factor";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Open to a signed-in person who must enrol a second factor and has not (docs/decisions/055):
     * only /api/me, the enrolment routes and signing out say so.
     */
    beforeSecondFactor?: boolean;
  }
}

/** The route config of the few routes a person who must enrol may still call. */
export const BEFORE_SECOND_FACTOR = { beforeSecondFactor: true } as const;

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
    const pending =
      required && !enrolled && !sessionSatisfiesSecondFactor({ signInMethod: input.signInMethod });
    return { required, enrolled, pending };
  }

  return { stateOf, hasPasskey };
}

export type SecondFactorGateResolver = ReturnType<typeof createSecondFactorGate>;

export const secondFactorRequired = () =>
  new AppError(403, SECOND_FACTOR_REQUIRED, secondFactorMessages.required);

/** The refusal for a pending person on any route not marked BEFORE_SECOND_FACTOR, else nothing. */
export function refusedBeforeSecondFactor(
  request: FastifyRequest,
  gate: SecondFactorGate,
): AppError | undefined {
  if (!gate.pending || request.routeOptions.config?.beforeSecondFactor) return undefined;
  return secondFactorRequired();
}
