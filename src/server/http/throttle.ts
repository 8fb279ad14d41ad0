import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { writeThrottleMessages } from "@/domain/messages";
import { hitRateLimit, type RateRule, WRITE_RATE_RULES } from "../auth/rate-limit";
import type { Db } from "../db/client";
import { AppError } from "./errors";

type WriteKind = keyof typeof WRITE_RATE_RULES;

declare module "fastify" {
  interface FastifyInstance {
    /** preValidation hook, after requireUser: the signed-in person's writes of `kind`, 429 past their rate. */
    throttle: (kind: WriteKind) => (request: FastifyRequest) => Promise<void>;
  }
}

/** 429 'Muitos envios', saying what was sent too often and for how long to wait. */
export function tooManyWrites(kind: WriteKind, retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new AppError(
    429,
    "TOO_MANY_WRITES",
    { title: writeThrottleMessages.title, description: writeThrottleMessages[kind](minutes) },
    undefined,
    { "retry-after": String(retryAfterSeconds) },
  );
}

/** Counts one write of `kind` by `subject` (a user id, a link); 429 past the rule's rate. */
export async function countWrite(db: Db, kind: WriteKind, subject: string) {
  const rule: RateRule = WRITE_RATE_RULES[kind];
  const decision = await hitRateLimit(db, rule, subject);
  if (!decision.allowed) throw tooManyWrites(kind, decision.retryAfterSeconds);
}

async function throttlePlugin(app: FastifyInstance, options: { db: Db }) {
  app.decorate("throttle", (kind: WriteKind) => async (request: FastifyRequest) => {
    // requireUser runs first; without a person there is nothing to count.
    if (request.user) await countWrite(options.db, kind, request.user.id);
  });
}

export default fp(throttlePlugin, { name: "throttle", dependencies: ["auth"] });
