import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { rateLimits } from "../db/schema";
import { describeWithApp } from "../testing/test-app";
import { JOB_NAMES } from "./jobs";

describeWithApp("background jobs", {}, (ctx) => {
  it("registers every job and the outbox loop in one scheduler", () => {
    expect(ctx().app.jobs.names()).toEqual([
      JOB_NAMES.rateLimitPrune,
      JOB_NAMES.planTimeoutSweep,
      JOB_NAMES.dailySummary,
      JOB_NAMES.lateReminder,
      JOB_NAMES.substituteHandover,
      JOB_NAMES.storedAddressCheck,
      // PostgreSQL's autovacuum keeps its statistics; PGlite has none.
      ...(ctx().kind === "pglite" ? [JOB_NAMES.embeddedStatistics] : []),
      JOB_NAMES.pendingSignUpSweep,
      JOB_NAMES.interruptedUploadSweep,
      "outbox",
      "push",
    ]);
  });

  it("runs a job once on demand: the rate-limit prune drops expired counters only", async () => {
    const { db } = ctx().database;
    await db.insert(rateLimits).values([
      { key: "old", count: 1, resetAt: sql`now() - interval '1 minute'` },
      { key: "live", count: 1, resetAt: sql`now() + interval '1 minute'` },
    ]);
    await ctx().app.jobs.runOnce(JOB_NAMES.rateLimitPrune);
    const keys = await db.select({ key: rateLimits.key }).from(rateLimits);
    expect(keys.map((row) => row.key)).toEqual(["live"]);
    await expect(ctx().app.jobs.runOnce(JOB_NAMES.pendingSignUpSweep)).resolves.toBe(0);
    await expect(ctx().app.jobs.runOnce(JOB_NAMES.planTimeoutSweep)).resolves.toBeUndefined();
  });

  it("on PGlite, analyzes the tables much changed since it last looked", async () => {
    if (ctx().kind !== "pglite") return;
    const { db } = ctx().database;
    await ctx().app.jobs.runOnce(JOB_NAMES.embeddedStatistics);
    await db
      .insert(rateLimits)
      .values(Array.from({ length: 60 }, (_, i) => ({ key: `k${i}`, count: 1, resetAt: sql`now()` })));
    // Sixty rows written since: more than autovacuum's 50 plus a tenth of the rows it last counted
    // (the counters are flushed now rather than within the second).
    await db.execute(sql`select pg_stat_force_next_flush()`);
    await db.execute(sql`select 1`);
    expect(await ctx().app.jobs.runOnce(JOB_NAMES.embeddedStatistics)).toContain("rate_limits");
    expect(await ctx().app.jobs.runOnce(JOB_NAMES.embeddedStatistics)).toEqual([]);
    const stats = await db.execute(sql`select 1 from pg_stats where tablename = 'rate_limits'`);
    expect(stats.rows.length).toBeGreaterThan(0);
  });
});
