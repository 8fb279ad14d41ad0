import type { FastifyBaseLogger } from "fastify";
import { pruneRateLimits } from "../auth/rate-limit";
import type { Db } from "../db/client";
import type { PendingSignUps } from "../modules/auth/pending-sign-ups.service";
import type { PlanningService } from "../modules/planning/planning.service";
import type { OutboxWorker } from "../outbox/worker";
import type { Storage } from "../storage/storage";
import { createScheduler, type Job, type Worker } from "./scheduler";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

/** The names `app.jobs.runOnce()` takes. */
export const JOB_NAMES = {
  rateLimitPrune: "rate-limit-prune",
  pendingSignUpSweep: "pending-sign-up-sweep",
  planTimeoutSweep: "plan-timeout-sweep",
  interruptedUploadSweep: "interrupted-upload-sweep",
  dailySummary: "daily-summary",
  lateReminder: "late-reminder",
  storedAddressCheck: "stored-address-check",
  scheduledBackup: "scheduled-backup",
  embeddedStatistics: "embedded-statistics",
  substituteHandover: "substitute-handover",
} as const;

/**
 * Every piece of background work the app does, in one list: the periodic
 * sweeps and the outbox delivery loop. buildApp() starts them when the app is
 * ready and stops them when it closes.
 */
export function createJobs(deps: {
  db: Db;
  log: FastifyBaseLogger;
  /** Null when e-mail confirmation is off: then there is no pending sign-up to sweep. */
  pendingSignUps: PendingSignUps | null;
  planning: PlanningService;
  storage: Storage;
  outbox: OutboxWorker;
  /** The web push worker (decision 061), started and stopped like the outbox's. */
  push: { start(): void; stop(): Promise<void> };
  /** False in tests, which deliver with app.outbox.runOnce() (and app.push.runOnce()) when they choose. */
  startOutbox: boolean;
  /** Sends the day's summaries due now (from 8:00 in São Paulo, once a day per member who chose it). */
  sendDailySummaries: () => Promise<number>;
  /** Sends the day's late-requests reminders due now (decision 014: from 9:00, São Paulo, business days). */
  sendLateReminders: () => Promise<number>;
  /** Hands the requests of reviewers away today to their substitutes, or back to the queue (decision 060); how many. */
  handOverAway: () => Promise<number>;
  /** Ends the sign-ins of accounts stored with an address that is not one mailbox; how many. */
  checkStoredAddresses: () => Promise<number>;
  /** BACKUP_SCHEDULE: today's backup when due and no instance took it (docs/decisions/041); null when unset. */
  runScheduledBackup: (() => Promise<boolean>) | null;
  /** The embedded database's ANALYZE of its stale tables (db/statistics.ts); null on PostgreSQL, whose autovacuum does it. */
  refreshStatistics: (() => Promise<string[]>) | null;
}) {
  const { log, pendingSignUps, storage } = deps;
  const jobs: Job[] = [
    // Expired counters are useless; removing them now and then keeps rate_limits small.
    { name: JOB_NAMES.rateLimitPrune, intervalMs: HOUR, run: () => pruneRateLimits(deps.db) },
    // Plans past PLAN_GENERATOR_TIMEOUT are written down as failed and their tokens revoked.
    { name: JOB_NAMES.planTimeoutSweep, intervalMs: MINUTE, run: () => deps.planning.sweepExpired() },
    // Members who chose one summary a day get it from 8:00 (São Paulo); checked every 5 minutes.
    { name: JOB_NAMES.dailySummary, intervalMs: 5 * MINUTE, run: () => deps.sendDailySummaries() },
    // Each reviewer's late requests (decision 014), once a business day from 9:00; checked like the summary.
    { name: JOB_NAMES.lateReminder, intervalMs: 5 * MINUTE, run: () => deps.sendLateReminders() },
    // A reviewer away today: their requests to their substitute (docs/decisions/060); at start, then every 15 minutes.
    {
      name: JOB_NAMES.substituteHandover,
      atStart: true,
      intervalMs: 15 * MINUTE,
      run: () => deps.handOverAway(),
    },
    // Once, at start: the accounts stored before the one-mailbox rule (docs/decisions/028).
    { name: JOB_NAMES.storedAddressCheck, atStart: true, run: () => deps.checkStoredAddresses() },
  ];
  if (deps.refreshStatistics) {
    const refresh = deps.refreshStatistics;
    // PGlite runs no autovacuum: at start the tables never analyzed, then those much changed (db/statistics.ts).
    jobs.push({
      name: JOB_NAMES.embeddedStatistics,
      atStart: true,
      intervalMs: 5 * MINUTE,
      run: async () => {
        const analyzed = await refresh();
        if (analyzed.length) log.info({ analyzed }, "analyzed the embedded database's tables");
        return analyzed;
      },
    });
  }
  if (pendingSignUps) {
    // Sign-ups never confirmed go 24 h after their latest link (docs/decisions/009-pending-sign-ups.md).
    jobs.push({
      name: JOB_NAMES.pendingSignUpSweep,
      intervalMs: HOUR,
      run: async () => {
        const removed = await pendingSignUps.sweep();
        if (removed) log.info({ removed }, "removed expired sign-ups");
        return removed;
      },
    });
  }
  if (storage.sweepIncomplete) {
    const sweepIncomplete = storage.sweepIncomplete.bind(storage);
    // A crash mid-upload leaves a hidden temporary file; an hour later it is certainly nobody's.
    jobs.push({
      name: JOB_NAMES.interruptedUploadSweep,
      atStart: true,
      run: async () => {
        const removed = await sweepIncomplete(HOUR);
        if (removed) log.info({ removed }, "removed interrupted uploads");
        return removed;
      },
    });
  }
  const runScheduledBackup = deps.runScheduledBackup;
  if (runScheduledBackup) {
    // Checked every 5 minutes, like the summaries: the first check past the time takes the day.
    jobs.push({ name: JOB_NAMES.scheduledBackup, intervalMs: 5 * 60 * 1000, run: runScheduledBackup });
  }
  const workers: Worker[] = [
    {
      name: "outbox",
      start: () => {
        if (deps.startOutbox) deps.outbox.start();
      },
      // Deliveries in flight finish (and are recorded) before the database closes.
      stop: () => deps.outbox.stop(),
    },
    {
      name: "push",
      start: () => {
        if (deps.startOutbox) deps.push.start();
      },
      stop: () => deps.push.stop(),
    },
  ];
  return createScheduler({ jobs, workers, log });
}
