import { createHmac } from "node:crypto";
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { RequestListPage } from "@/domain/requests/api";
import type { AppOptions } from "./app-options";
import type { Auth } from "./auth/auth";
import type { CurrentUser } from "./auth/auth.plugin";
import type { SessionCache } from "./auth/session-cache";
import { backupRoutes } from "./backup/backup.routes";
import { createScheduledBackups } from "./backup/scheduled-backup";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { analyzeStaleTables } from "./db/statistics";
import { doctorRoutes } from "./doctor/doctor.routes";
import { createJobs } from "./jobs/jobs";
import type { LiveBus } from "./live/bus";
import { liveRoutes } from "./live/live.routes";
import type { Mailer } from "./mail/mailer";
import { createAbsenceMonthsCache } from "./modules/absences/absence-months-cache";
import { absencesRoutes } from "./modules/absences/absences.routes";
import { createAbsencesService } from "./modules/absences/absences.service";
import type { PendingSignUps } from "./modules/auth/pending-sign-ups.service";
import { endSignInsOfStoredNonMailboxes } from "./modules/auth/stored-addresses";
import { bankRoutes } from "./modules/bank/bank.routes";
import { createBankService } from "./modules/bank/bank.service";
import { clientsRoutes } from "./modules/clients/clients.routes";
import { createClientsService } from "./modules/clients/clients.service";
import { exportRoutes } from "./modules/export/export.routes";
import { createExportService } from "./modules/export/export.service";
import { financeRoutes } from "./modules/finance/finance.routes";
import { createFinanceService } from "./modules/finance/finance.service";
import { createFlagsCache } from "./modules/finance/flags-cache";
import { registerHolidays } from "./modules/holidays/holidays.routes";
import { jobOpeningsRoutes } from "./modules/job-openings/job-openings.routes";
import { createJobOpeningsService } from "./modules/job-openings/job-openings.service";
import { notificationsRoutes } from "./modules/notifications/notifications.routes";
import { createNotifier } from "./modules/notifications/notifications.service";
import type { PainelRows } from "./modules/painel/painel.queries";
import { painelRoutes } from "./modules/painel/painel.routes";
import { createPainelService } from "./modules/painel/painel.service";
import { createPainelCache } from "./modules/painel/painel-cache";
import { planSharingRoutes, publicPlanRoutes } from "./modules/plan-sharing/plan-sharing.routes";
import { createPlanSharingService } from "./modules/plan-sharing/plan-sharing.service";
import { createAutomationClient } from "./modules/planning/automation-client";
import { createBitrixClient } from "./modules/planning/bitrix24";
import { planExportRoutes } from "./modules/planning/plan-export.routes";
import { createPlanExportService } from "./modules/planning/plan-export.service";
import { createPlanTasksService } from "./modules/planning/plan-tasks.service";
import { planningRoutes } from "./modules/planning/planning.routes";
import { createPlanningService } from "./modules/planning/planning.service";
import { attachmentsRoutes } from "./modules/requests/attachments.routes";
import { createAttachmentsService } from "./modules/requests/attachments.service";
import { applyingBefore, createRequestListCache } from "./modules/requests/request-list-cache";
import { requestsRoutes } from "./modules/requests/requests.routes";
import { createRequestsService } from "./modules/requests/requests.service";
import { reviewRoutes } from "./modules/review/review.routes";
import { createReviewService } from "./modules/review/review.service";
import { createLateReminders } from "./modules/sla/late-reminders";
import { slaRoutes } from "./modules/sla/sla.routes";
import { createSlaService } from "./modules/sla/sla.service";
import { substitutesRoutes } from "./modules/substitutes/substitutes.routes";
import { createSubstitutesService } from "./modules/substitutes/substitutes.service";
import { assignUnhandledKinds } from "./modules/teams/kind-handlers";
import type { MembershipResolver } from "./modules/teams/membership";
import { timeOffRoutes } from "./modules/time-off/time-off.routes";
import { createTimeOffService } from "./modules/time-off/time-off.service";
import { vacationGuard } from "./modules/time-off/vacation-guard";
import { createOutboxWorker } from "./outbox/worker";
import { configuredStorage } from "./storage/configured-storage";

/*
 * The groups of routes buildApp (app.ts) registers, in its order: the
 * account's, the requests', the plans', then the panels and the background
 * jobs. Each step returns what a later one needs.
 */

/** What the steps are built from, made once by buildApp before the routes. */
export type AppParts = {
  app: FastifyInstance;
  options: AppOptions;
  config: Config;
  database: Database;
  mailer: Mailer;
  auth: Auth;
  sessions: SessionCache<CurrentUser>;
  bus: LiveBus;
  membership: MembershipResolver;
  /** Where /metrics reads this instance's open live streams (set by the live routes). */
  liveStreams: { count: () => number };
};

/** Where files are kept, the webhook worker, the attachment links' key and the lists' cache. */
export async function createRequestPlumbing(parts: AppParts) {
  const { app, options, config, database, bus } = parts;
  const storage = options.storage ?? (await configuredStorage(config));
  app.decorate("storage", storage);
  const worker = createOutboxWorker({
    db: database.db,
    urls: config.webhookUrls,
    secret: options.webhookSecret,
    secrets: config.webhookSecrets,
    log: app.log,
  });
  app.decorate("outbox", worker);
  // Attachment links are signed with a key of their own, derived from AUTH_SECRET.
  const linkSecret = createHmac("sha256", options.authSecret).update("balcao:attachment-links").digest();

  // Answers kept until the live events say they changed (decisions 022, 038, 046).
  const kept = {
    topic: bus,
    listening: bus.listening,
    ...(options.clock ? { now: () => options.clock!().getTime() } : {}),
  };
  const requestLists = createRequestListCache<RequestListPage>({
    ...kept,
    ttlMs: config.listCacheSeconds * 1000,
  });
  const painelFigures = createPainelCache<PainelRows>({ ...kept, ttlMs: config.painelCacheSeconds * 1000 });
  const queueFlags = createFlagsCache({ ...kept, ttlMs: config.flagsCacheSeconds * 1000 });
  const absenceMonths = createAbsenceMonthsCache({ ...kept, ttlMs: config.listCacheSeconds * 1000 });
  const caches = [requestLists, painelFigures, queueFlags, absenceMonths];
  // A deleted account takes its requests with it (its user row's trigger sends this, decision 030).
  const stopWatchingUsers = bus.sessions.subscribe((event) => {
    if (event.type === "user") for (const cache of [painelFigures, queueFlags, absenceMonths]) cache.clear();
  });
  const stopWatchingLists = bus.onListeningChange(() => {
    for (const cache of caches) cache.clear();
  });
  app.addHook("onClose", async () => {
    stopWatchingLists();
    stopWatchingUsers();
    for (const cache of caches) cache.close();
  });
  return { storage, worker, linkSecret, requestLists, painelFigures, queueFlags, absenceMonths };
}

type RequestPlumbing = Awaited<ReturnType<typeof createRequestPlumbing>>;

export function createReviewDesk(parts: AppParts, plumbing: RequestPlumbing) {
  const { requestLists, painelFigures, queueFlags, absenceMonths } = plumbing;
  const { app, options, config, database, mailer, bus, membership } = parts;
  // The review desk (decision 011): the bell and its e-mails, and the moves of every request.
  const notifier = createNotifier({
    db: database.db,
    mailer,
    // This instance's own changes reach its caches before the answer can (decisions 022, 038).
    bus: applyingBefore(bus, {
      apply: (event) => {
        for (const cache of [requestLists, painelFigures, queueFlags, absenceMonths]) cache.apply(event);
      },
    }),
    publicUrl: config.publicUrl,
    log: app.log,
  });
  const review = createReviewService({
    db: database.db,
    notifier,
    statusWebhook: Boolean(config.webhookUrls.status),
    teamsOf: membership.of,
    queueFlags,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  return { notifier, review };
}

type ReviewDesk = ReturnType<typeof createReviewDesk>;

/** Live events, the bell, the review desk, finance, the export, the requests and their files. */
export async function registerRequestRoutes(
  parts: AppParts,
  { storage, worker, linkSecret, requestLists }: RequestPlumbing,
  { notifier, review }: ReviewDesk,
) {
  const { app, config, database, bus } = parts;
  await app.register(liveRoutes, { bus, observe: (count) => (parts.liveStreams.count = count) });
  await app.register(notificationsRoutes, { notifier });
  // Before every route that reads a form: an encapsulated plugin keeps the parsers it was created with.
  await app.register(multipart, { throwFileSizeLimit: true });
  await app.register(reviewRoutes, { service: review, storage });
  await app.register(financeRoutes, {
    service: createFinanceService({
      db: database.db,
      desk: { act: review.act, queued: review.queued },
      office: config.office,
    }),
  });
  // Paying through the bank (decision 059): the remittance, the return, the statement.
  await app.register(bankRoutes, {
    service: createBankService({
      db: database.db,
      desk: { bankMoves: review.bankMoves, queued: review.queued },
      office: config.office,
      ...(parts.options.clock ? { clock: parts.options.clock } : {}),
    }),
  });
  // The queue's export for the accountant (decision 013): the same scope and filters as 'Caixa de entrada'.
  await app.register(exportRoutes, {
    service: createExportService({ db: database.db, scopeOf: review.scopeOf }),
    storage,
    publicUrl: config.publicUrl,
  });
  await app.register(requestsRoutes, {
    storage,
    service: createRequestsService({
      db: database.db,
      review: { ...review, flush: notifier.flush },
      lists: requestLists,
      storage,
      worker,
      webhookKinds: new Set(
        Object.entries(config.webhookUrls)
          .filter(([, url]) => url)
          .map(([kind]) => kind),
      ),
      publicUrl: config.publicUrl,
      // The CLT's rules under the absence's guard (decision 060), given so requests never imports time-off.
      moreGuards: { ausencia: vacationGuard },
      linkSecret,
      linkTtlSeconds: config.attachmentLinkTtlSeconds,
    }),
  });
  await app.register(attachmentsRoutes, {
    storage,
    service: createAttachmentsService({
      db: database.db,
      linkSecret,
      // The requester and the reviewers of the request the file belongs to (decision 011).
      mayRead: async (user, kind, requestId) => {
        try {
          await review.access(user, kind, requestId);
          return true;
        } catch {
          return false;
        }
      },
    }),
  });
  await app.register(jobOpeningsRoutes, {
    service: createJobOpeningsService({ db: database.db, webhookEnabled: Boolean(config.webhookUrls.vaga) }),
  });
  await app.register(clientsRoutes, { service: createClientsService({ db: database.db }) });
}

/** Content plans: the plans, their Bitrix24 tasks, their export and the client's link. */
export async function registerPlanningRoutes(parts: AppParts, { notifier }: ReviewDesk) {
  const { app, options, config, database } = parts;
  const plans = createPlanningService({
    db: database.db,
    publicUrl: config.publicUrl,
    automation: config.planGenerator.url
      ? createAutomationClient({
          url: config.planGenerator.url,
          timeoutSeconds: config.planGenerator.timeoutSeconds,
          secret: config.planGenerator.secret ?? options.webhookSecret,
          log: app.log,
        })
      : null,
    llm: config.planLlm
      ? // Loaded only when configured, like the S3 storage: the openai SDK is not on every start's path.
        (await import("./modules/planning/llm/llm-client")).createPlanLlm({
          ...config.planLlm,
          timeoutSeconds: config.planGenerator.timeoutSeconds,
          log: app.log,
        })
      : null,
    generatorTimeoutSeconds: config.planGenerator.timeoutSeconds,
    bitrixEnabled: config.bitrix24 !== null,
    log: app.log,
  });
  await app.register(planningRoutes, {
    service: plans,
    tasks: createPlanTasksService({
      db: database.db,
      plans,
      bitrix: config.bitrix24 ? createBitrixClient({ ...config.bitrix24, log: app.log }) : null,
      staleClaimSeconds: config.bitrix24 ? config.bitrix24.timeoutSeconds * 2 + 30 : 60,
      publicUrl: config.publicUrl,
    }),
  });

  await app.register(planExportRoutes, { service: createPlanExportService({ plans }) });

  // 'Compartilhar com o cliente' (decision 020): the planner's link, and the client's page behind it.
  const sharing = createPlanSharingService({ db: database.db, notifier, publicUrl: config.publicUrl });
  await app.register(planSharingRoutes, { service: sharing });
  await app.register(publicPlanRoutes, { service: sharing });
  return plans;
}

/** The service levels, the Painel, 'Quem está fora', and the background jobs with the hooks that start and stop them. */
export async function registerPanelsAndJobs(
  parts: AppParts,
  steps: {
    pendingSignUps: PendingSignUps;
    plumbing: RequestPlumbing;
    desk: ReviewDesk;
    plans: Awaited<ReturnType<typeof registerPlanningRoutes>>;
  },
) {
  const { pendingSignUps, plans } = steps;
  const { storage, worker, painelFigures, absenceMonths } = steps.plumbing;
  const { notifier, review } = steps.desk;
  const { app, options, config, database, mailer, sessions, bus } = parts;
  // Service levels and the Painel (decision 014).
  await app.register(slaRoutes, { service: createSlaService({ db: database.db }) });
  await app.register(painelRoutes, {
    service: createPainelService({
      db: database.db,
      scopeOf: review.scopeOf,
      cache: painelFigures,
      ...(options.clock ? { clock: options.clock } : {}),
    }),
  });
  // 'Feriados' (decision 060): the office's calendar, read before the app serves and on every change.
  await registerHolidays(app, {
    db: database.db,
    office: config.office,
    // This instance's change of 'Feriados' drops its kept months before the answer leaves.
    bus: applyingBefore(bus, absenceMonths),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  // 'Quem está fora' (decision 040): every signed-in person, names and periods only.
  await app.register(absencesRoutes, {
    service: createAbsencesService({
      db: database.db,
      cache: absenceMonths,
      ...(options.clock ? { clock: options.clock } : {}),
    }),
  });
  // 'Substituto' (decision 060): the choice on 'Minha conta', and the job that hands requests over.
  const substitutes = createSubstitutesService({
    db: database.db,
    bus,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.register(substitutesRoutes, { service: substitutes });
  const stopFollowingAbsences = substitutes.followAbsences(app.log);
  app.addHook("onClose", async () => stopFollowingAbsences());
  // Vacation balances and the admission dates RH records (decision 060).
  await app.register(timeOffRoutes, {
    service: createTimeOffService({ db: database.db, ...(options.clock ? { clock: options.clock } : {}) }),
  });
  const lateReminders = createLateReminders({
    db: database.db,
    mailer,
    publicUrl: config.publicUrl,
    log: app.log,
    queueOf: review.queueOfMember,
  });

  const backups = createScheduledBackups({ database, storage, config, log: app.log });
  await app.register(backupRoutes, { backups, config });
  await app.register(doctorRoutes, { config, authSecret: options.authSecret, database, storage, mailer });
  const jobs = createJobs({
    db: database.db,
    log: app.log,
    pendingSignUps: config.requireEmailVerification ? pendingSignUps : null,
    planning: plans,
    storage,
    outbox: worker,
    startOutbox: options.startOutboxWorker !== false,
    sendDailySummaries: () =>
      notifier.sendDailySummaries(options.clock?.() ?? new Date(), review.newForMember),
    sendLateReminders: () => lateReminders(options.clock?.() ?? new Date()),
    handOverAway: () => substitutes.handOverAway(),
    checkStoredAddresses: () => endSignInsOfStoredNonMailboxes({ db: database.db, sessions, log: app.log }),
    runScheduledBackup: config.backupSchedule
      ? () => backups.runIfDue(options.clock?.() ?? new Date())
      : null,
    refreshStatistics: database.kind === "pglite" ? () => analyzeStaleTables(database.db) : null,
  });
  app.decorate("jobs", jobs);
  app.addHook("onClose", async () => bus.close());
  app.addHook("onReady", async () => {
    const assigned = await assignUnhandledKinds(database.db);
    if (assigned.length) app.log.info({ kinds: assigned }, "kinds given to their built-in teams");
    jobs.start();
  });
  // Background work and generator calls in flight finish before the storage and the
  // database close (server.ts closes the database after app.close()).
  app.addHook("onClose", async () => {
    await jobs.stop();
    await plans.drain();
    await storage.close();
  });
}
