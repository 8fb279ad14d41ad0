import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { writeThrottleMessages } from "@/domain/messages";
import { hitRateLimit, limitReached, type RateRule, WRITE_RATE_RULES } from "../auth/rate-limit";
import type { Db } from "../db/client";
import { AppError } from "./errors";

type WriteKind = keyof typeof WRITE_RATE_RULES;

/**
 * Writes counted by what became of them, once answered: what was stored (201) under the kind's own
 * rule, what was refused (a 4xx other than 429) under a rule of its own, so that a person fighting
 * a validation error is not told to wait, and a script sending bad bodies still is (decision 031).
 */
const COUNTED_BY_OUTCOME = { request: "requestRefused" } as const satisfies Partial<
  Record<WriteKind, WriteKind>
>;
type CountedByOutcome = keyof typeof COUNTED_BY_OUTCOME;

declare module "fastify" {
  interface FastifyInstance {
    /** preValidation hook, after requireUser: the signed-in person's writes of `kind`, 429 past their rate. */
    throttle: (kind: WriteKind) => (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `throttle` for a write counted once answered (COUNTED_BY_OUTCOME). */
    throttledWrite: CountedByOutcome | null;
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

/** 429 while the person has reached `kind`'s rate, counting nothing. */
async function refuseWhileLimited(db: Db, kind: WriteKind, subject: string) {
  const retryAfter = await limitReached(db, WRITE_RATE_RULES[kind], subject);
  if (retryAfter !== null) throw tooManyWrites(kind, retryAfter);
}

const isCountedByOutcome = (kind: WriteKind): kind is CountedByOutcome => kind in COUNTED_BY_OUTCOME;

async function throttlePlugin(app: FastifyInstance, options: { db: Db }) {
  const { db } = options;
  // The hooks `throttle` made for a kind counted by outcome: their routes alone count once answered.
  const countedAfter = new WeakSet<object>();
  app.decorateRequest("throttledWrite", null);
  app.decorate("throttle", (kind: WriteKind) => {
    if (!isCountedByOutcome(kind)) {
      // requireUser runs first; without a person there is nothing to count.
      return async (request: FastifyRequest) => {
        if (request.user) await countWrite(db, kind, request.user.id);
      };
    }
    const hook = async (request: FastifyRequest) => {
      if (!request.user) return;
      await refuseWhileLimited(db, kind, request.user.id);
      await refuseWhileLimited(db, COUNTED_BY_OUTCOME[kind], request.user.id);
      request.throttledWrite = kind;
    };
    countedAfter.add(hook);
    return hook;
  });
  // Counted before the answer leaves (onSend, not onResponse): a client that sends again as soon as
  // it has its answer must find this one counted, on any instance. Only on the routes that count
  // so: every other answer (every GET) passes no hook of this plugin.
  const countOnceAnswered = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const kind = request.throttledWrite;
    if (!kind || !request.user) return payload;
    const status = reply.statusCode;
    const counted =
      status === 201
        ? kind
        : status >= 400 && status < 500 && status !== 429
          ? COUNTED_BY_OUTCOME[kind]
          : null;
    if (counted)
      await hitRateLimit(db, WRITE_RATE_RULES[counted], request.user.id).catch((err) =>
        request.log.error({ err }, "write not counted against its throttle"),
      );
    return payload;
  };
  app.addHook("onRoute", (route) => {
    const hooks = [route.onRequest, route.preValidation, route.preHandler].flat();
    if (!hooks.some((hook) => typeof hook === "function" && countedAfter.has(hook))) return;
    route.onSend = [...(route.onSend ? [route.onSend].flat() : []), countOnceAnswered] as never;
  });
}

export default fp(throttlePlugin, { name: "throttle", dependencies: ["auth"] });
