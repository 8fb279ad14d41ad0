import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { expenseLimits } from "../../db/schema";

/* The monthly limits per person and expense type (docs/decisions/015): SQL only. */

export function listLimits(db: Executor) {
  return db.select().from(expenseLimits).orderBy(expenseLimits.kind, expenseLimits.expenseType);
}

export async function saveLimit(db: Executor, kind: string, expenseType: string, cents: number) {
  await db
    .insert(expenseLimits)
    .values({ kind, expenseType, monthlyLimitCents: cents })
    .onConflictDoUpdate({
      target: [expenseLimits.kind, expenseLimits.expenseType],
      set: { monthlyLimitCents: cents, updatedAt: sql`now()` },
    });
}

/** Whether there was one to remove. */
export async function removeLimit(db: Executor, kind: string, expenseType: string) {
  const removed = await db
    .delete(expenseLimits)
    .where(and(eq(expenseLimits.kind, kind), eq(expenseLimits.expenseType, expenseType)))
    .returning();
  return removed.length > 0;
}
