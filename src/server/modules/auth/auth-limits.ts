import { parseMailbox } from "@/domain/auth/mailbox";
import { hitRateLimit, limitReached, type RateRule } from "../../auth/rate-limit";
import type { Db } from "../../db/client";
import { tooManyRequests } from "../../http/errors";

/**
 * The one mailbox typed, as kept (docs/decisions/028), or "" for anything else:
 * such a text names no account, so only the per-IP limits count it, and no
 * counter row keeps whatever it holds.
 */
export function addressOf(input: { email?: string | undefined }): string {
  return parseMailbox(input.email ?? "") ?? "";
}

export async function enforceLimits(db: Db, checks: [RateRule, string][]) {
  for (const [rule, subject] of checks) {
    const decision = await hitRateLimit(db, rule, subject);
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
  }
}

/** 429 while `rule` has reached its limit for `subject`, before anything is checked or counted. */
export async function refuseWhileLimited(db: Db, rule: RateRule, subject: string) {
  const retryAfter = await limitReached(db, rule, subject);
  if (retryAfter !== null) throw tooManyRequests(retryAfter);
}
