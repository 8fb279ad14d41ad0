import { createHmac } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { RequestListPage } from "@/domain/requests/api";
import type { AppOptions } from "./app-options";
import type { Auth } from "./auth/auth";
import type { CurrentUser } from "./auth/auth.plugin";
import type { SessionCache } from "./auth/session-cache";
import { createScheduledBackups } from "./backup/scheduled-backup";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { LiveBus } from "./live/bus";
import type { Mailer } from "./mail/mailer";
import { createAbsenceMonthsCache } from "./modules/absences/absence-months-cache";
import { createPendingSignUps } from "./modules/auth/pending-sign-ups.service";
import { createFlagsCache } from "./modules/finance/flags-cache";
import { createNotifier } from "./modules/notifications/notifications.service";
import type { PainelRows } from "./modules/painel/painel.queries";
import { createPainelCache } from "./modules/painel/painel-cache";
import { createPlans } from "./modules/planning/plans";
import { PUSH_OUTBOX_KIND } from "./modules/push/push.queries";
import { applyingBefore, createRequestListCache } from "./modules/requests/request-list-cache";
import { createReviewService } from "./modules/review/review.service";
import { createSubstitutesService } from "./modules/substitutes/substitutes.service";
import type { MembershipResolver } from "./modules/teams/membership";
import { createOutboxWorker } from "./outbox/worker";
import { configuredStorage } from "./storage/configured-storage";

/*
 * What every module's registration is given (docs/decisions/064): the parts
 * buildApp made before the routes, and the services more than one module (or
 * the background jobs) share, made once here. A module's own service is made
 * in its registration (src/server/modules/<module>/index.ts).
 */

/** What the modules are built from, made once by buildApp before the routes. */
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

/** The parts, and the services the modules share. */
export type AppContext = AppParts & Awaited<ReturnType<typeof createSharedServices>>;

/**
 * One line of the module list (src/server/app-modules.ts): a name to read it
 * by, and what it registers, in the list's order.
 */
export type AppModule = {
  readonly name: string;
  readonly register: (context: AppContext) => PromiseLike<unknown>;
};

/** The parts and the shared services, in the order buildApp made them before the module list. */
export async function createAppContext(parts: AppParts): Promise<AppContext> {
  return { ...parts, ...(await createSharedServices(parts)) };
}

/** The `clock` a service takes when the app was given one (tests). */
export function clockOf({ options }: Pick<AppParts, "options">): { clock?: () => Date } {
  return options.clock ? { clock: options.clock } : {};
}

async function createSharedServices(parts: AppParts) {
  const { config, database, auth, sessions, bus } = parts;
  const plumbing = await createRequestPlumbing(parts);
  const desk = createReviewDesk(parts, plumbing);
  return {
    ...plumbing,
    ...desk,
    // Swept by a job, decorated for the tests by the auth module.
    pendingSignUps: createPendingSignUps({ db: database.db, auth, sessions }),
    // The plans' routes, the client's link and the timeout sweep.
    plans: await createPlans(parts),
    // 'Substituto' (decision 060): its routes, and the job that hands requests over.
    substitutes: createSubstitutesService({ db: database.db, bus, ...clockOf(parts) }),
    // 'Backups': the download route and the scheduled job.
    backups: createScheduledBackups({ database, storage: plumbing.storage, config, log: parts.app.log }),
  };
}

/** Where files are kept, the webhook worker, the attachment links' key and the lists' cache. */
async function createRequestPlumbing(parts: AppParts) {
  const { app, options, config, database, bus } = parts;
  const storage = options.storage ?? (await configuredStorage(config));
  app.decorate("storage", storage);
  const worker = createOutboxWorker({
    db: database.db,
    urls: config.webhookUrls,
    secret: options.webhookSecret,
    secrets: config.webhookSecrets,
    // The bell's pushes share the table; the push module's worker sends them (decision 061).
    deliveredElsewhere: [PUSH_OUTBOX_KIND],
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

/** The review desk (decision 011): the bell and its e-mails, and the moves of every request. */
function createReviewDesk(parts: AppParts, plumbing: RequestPlumbing) {
  const { requestLists, painelFigures, queueFlags, absenceMonths } = plumbing;
  const { app, options, config, database, mailer, bus, membership } = parts;
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
