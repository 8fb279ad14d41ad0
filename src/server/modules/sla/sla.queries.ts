import { eq, sql } from "drizzle-orm";
import type { RequestKind } from "@/domain/requests/kinds";
import type { Executor } from "../../db/client";
import { rateLimits, serviceLevels } from "../../db/schema";

/** Every kind's target in business hours (a table of one row per kind, read whole). */
export async function listTargets(db: Executor): Promise<Map<RequestKind, number>> {
  const rows = await db.select().from(serviceLevels);
  return new Map(rows.map((r) => [r.kind as RequestKind, r.targetHours]));
}

export async function upsertTarget(db: Executor, kind: RequestKind, hours: number) {
  await db
    .insert(serviceLevels)
    .values({ kind, targetHours: hours })
    .onConflictDoUpdate({ target: serviceLevels.kind, set: { targetHours: hours, updatedAt: sql`now()` } });
}

export async function deleteTarget(db: Executor, kind: RequestKind) {
  const removed = await db.delete(serviceLevels).where(eq(serviceLevels.kind, kind)).returning();
  return removed.length > 0;
}

/**
 * Claims one day's reminder for one address: true for the first caller, on
 * any instance. The claim is a keyed row with an expiry in `rate_limits` (the
 * hourly prune removes it two days later), so no table was added (decision 014).
 */
export async function claimReminder(db: Executor, email: string, day: string, now: Date) {
  const rows = await db
    .insert(rateLimits)
    .values({
      key: `sla-lembrete:${day}:${email}`,
      count: 1,
      resetAt: new Date(now.getTime() + 48 * 3600_000),
    })
    .onConflictDoNothing()
    .returning({ key: rateLimits.key });
  return rows.length > 0;
}
