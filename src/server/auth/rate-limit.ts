import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";

export type RateRule = { name: string; limit: number; windowSeconds: number };

/**
 * Limits on the sign-in paths (ASVS 6.3.1). Per IP generously, since a whole
 * office shares one address; per e-mail tightly, since that is what an attacker
 * guesses against. A password sign-in counts only its failures per e-mail, and
 * the right password is never refused by that count: whoever merely knows an
 * address cannot keep its owner out (docs/decisions/031). Documented in the README.
 */
export const AUTH_RATE_RULES = {
  loginPerIp: { name: "login:ip", limit: 100, windowSeconds: 15 * 60 },
  loginFailuresPerEmail: { name: "login-failures:email", limit: 10, windowSeconds: 15 * 60 },
  registerPerIp: { name: "register:ip", limit: 30, windowSeconds: 60 * 60 },
  registerPerEmail: { name: "register:email", limit: 5, windowSeconds: 60 * 60 },
  magicLinkPerIp: { name: "magic-link:ip", limit: 30, windowSeconds: 15 * 60 },
  magicLinkPerEmail: { name: "magic-link:email", limit: 5, windowSeconds: 15 * 60 },
  // The click on the link's page: a token is 32 random characters, but guessing is bounded anyway.
  magicLinkVerifyPerIp: { name: "magic-link-verify:ip", limit: 60, windowSeconds: 15 * 60 },
  // Each one e-mails someone else's inbox: per address, a few an hour.
  resendConfirmationPerIp: { name: "resend-confirmation:ip", limit: 30, windowSeconds: 15 * 60 },
  resendConfirmationPerEmail: { name: "resend-confirmation:email", limit: 5, windowSeconds: 60 * 60 },
  // 'Esqueci minha senha' mails someone's inbox too (docs/decisions/050).
  passwordResetPerIp: { name: "password-reset:ip", limit: 30, windowSeconds: 15 * 60 },
  passwordResetPerEmail: { name: "password-reset:email", limit: 5, windowSeconds: 60 * 60 },
  // Each start of an SSO sign-in writes a state row (docs/decisions/052): per IP, like the others.
  ssoStartPerIp: { name: "sso-start:ip", limit: 60, windowSeconds: 15 * 60 },
  // A stolen session must not become a way to guess the password: wrong current passwords only.
  // Past the limit even the right one is refused (a stolen session's guesses would otherwise end
  // in a changed password); per IP, every attempt, as a thief may hold several people's sessions.
  passwordChangeFailuresPerUser: { name: "password-change-failures:user", limit: 10, windowSeconds: 15 * 60 },
  passwordChangePerIp: { name: "password-change:ip", limit: 30, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateRule>;

/**
 * What one person may write, counted per account (per link for a shared plan,
 * whose client has none). Far above what anyone types, low enough that a
 * script cannot flood a timeline, a team's inboxes or a planner's bell
 * (docs/decisions/031). Documented in the README.
 */
export const WRITE_RATE_RULES = {
  comment: { name: "comment:user", limit: 60, windowSeconds: 15 * 60 },
  // New requests stored: a month of receipts filed in one sitting fits, a script's flood does not.
  request: { name: "request:user", limit: 120, windowSeconds: 60 * 60 },
  // Refused request bodies, counted apart so that fighting a validation error costs nothing of the above.
  requestRefused: { name: "request-refused:user", limit: 300, windowSeconds: 60 * 60 },
  planComment: { name: "plan-share-comment:link", limit: 60, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateRule>;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one attempt against `rule` for `subject` in a single upsert, so
 * concurrent requests on several instances cannot slip past the limit.
 */
export async function hitRateLimit(db: Db, rule: RateRule, subject: string): Promise<RateDecision> {
  const key = `${rule.name}:${subject}`;
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt: sql`now() + ${window}` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then now() + ${window} else ${rateLimits.resetAt} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      retryAfter: sql<number>`greatest(1, ceil(extract(epoch from ${rateLimits.resetAt} - now())))::int`,
    });
  if (!row || row.count <= rule.limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Number(row.retryAfter) };
}

/**
 * Seconds until `rule` counts again for `subject` once its limit is reached, else null. Counts
 * nothing: a route that must refuse even the right answer past the limit asks this first.
 */
export async function limitReached(db: Db, rule: RateRule, subject: string): Promise<number | null> {
  const [row] = await db
    .select({
      count: rateLimits.count,
      retryAfter: sql<number>`greatest(1, ceil(extract(epoch from ${rateLimits.resetAt} - now())))::int`,
    })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, `${rule.name}:${subject}`), gt(rateLimits.resetAt, sql`now()`)))
    .limit(1);
  return row && row.count >= rule.limit ? Number(row.retryAfter) : null;
}

/** Forgets what `subject` has counted against `rule`. */
export async function clearRateLimit(db: Db, rule: RateRule, subject: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${`${rule.name}:${subject}`}`);
}

/** Expired counters are useless; removing them now and then keeps the table small. */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.resetAt} <= now()`);
}
