import type { AppContext } from "../app-context";
import { analyzeStaleTables } from "../db/statistics";
import { endSignInsOfStoredNonMailboxes } from "../modules/auth/stored-addresses";
import { createLateReminders } from "../modules/sla/late-reminders";
import { assignUnhandledKinds } from "../modules/teams/kind-handlers";
import { createJobs } from "./jobs";

/**
 * The background jobs (jobs.ts), after the module list: started when the app is
 * ready, and stopped, with the generator calls in flight, before the storage
 * and the database close (server.ts closes the database after app.close()).
 */
export function registerJobs(context: AppContext) {
  const { app, options, config, database, mailer, sessions, bus } = context;
  const { pendingSignUps, plans, storage, worker, notifier, review, substitutes, backups } = context;
  const now = () => options.clock?.() ?? new Date();
  const lateReminders = createLateReminders({
    db: database.db,
    mailer,
    publicUrl: config.publicUrl,
    log: app.log,
    queueOf: review.queueOfMember,
  });
  const jobs = createJobs({
    db: database.db,
    log: app.log,
    pendingSignUps: config.requireEmailVerification ? pendingSignUps : null,
    planning: plans,
    storage,
    outbox: worker,
    push: app.push,
    startOutbox: options.startOutboxWorker !== false,
    sendDailySummaries: () => notifier.sendDailySummaries(now(), review.newForMember),
    sendLateReminders: () => lateReminders(now()),
    handOverAway: () => substitutes.handOverAway(),
    checkStoredAddresses: () => endSignInsOfStoredNonMailboxes({ db: database.db, sessions, log: app.log }),
    runScheduledBackup: config.backupSchedule ? () => backups.runIfDue(now()) : null,
    refreshStatistics: database.kind === "pglite" ? () => analyzeStaleTables(database.db) : null,
  });
  app.decorate("jobs", jobs);
  app.addHook("onClose", async () => bus.close());
  app.addHook("onReady", async () => {
    const assigned = await assignUnhandledKinds(database.db);
    if (assigned.length) app.log.info({ kinds: assigned }, "kinds given to their built-in teams");
    jobs.start();
  });
  app.addHook("onClose", async () => {
    await jobs.stop();
    await plans.drain();
    await storage.close();
  });
}
