import "@/domain/zod-locale";
import { createHmac } from "node:crypto";
import path from "node:path";
import multipart from "@fastify/multipart";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { RequestListPage } from "@/domain/requests/api";
import { createAuth } from "./auth/auth";
import authPlugin, { type CurrentUser } from "./auth/auth.plugin";
import { quietAsyncContext } from "./auth/quiet-async-context";
import { createSessionCache, type SessionCache } from "./auth/session-cache";
import type { Config, TrustProxy } from "./config";
import type { Database } from "./db/client";
import { connectionErrorHandler, frameworkErrors } from "./http/client-errors";
import { registerErrorHandling, registerNotFound } from "./http/error-handler";
import { registerOriginCheck, trustedOrigins } from "./http/origin-check";
import { REDACTED, redactUrlSecrets, serializeError } from "./http/redact";
import { lazyRequestLogger, requestIds } from "./http/request-log";
import { registerSecurityHeaders } from "./http/security-headers";
import throttlePlugin from "./http/throttle";
import { registerUnreadBodyClose } from "./http/unread-body";
import { registerUnstorableTextCheck } from "./http/unstorable-text";
import { createJobs } from "./jobs/jobs";
import type { Scheduler } from "./jobs/scheduler";
import { createLocalBus, createPostgresBus, type LiveBus } from "./live/bus";
import { liveRoutes } from "./live/live.routes";
import { createMailer, type Mailer } from "./mail/mailer";
import { confirmationEmail } from "./mail/templates";
import { accountRoutes } from "./modules/account/account.routes";
import { createAccountService } from "./modules/account/account.service";
import { authRoutes, CONFIRM_EMAIL_PATH } from "./modules/auth/auth.routes";
import { createAuthService } from "./modules/auth/auth.service";
import {
  createPendingSignUps,
  PENDING_SIGN_UP_HOURS,
  type PendingSignUps,
} from "./modules/auth/pending-sign-ups.service";
import { endSignInsOfStoredNonMailboxes } from "./modules/auth/stored-addresses";
import { clientsRoutes } from "./modules/clients/clients.routes";
import { createClientsService } from "./modules/clients/clients.service";
import { exportRoutes } from "./modules/export/export.routes";
import { createExportService } from "./modules/export/export.service";
import { financeRoutes } from "./modules/finance/finance.routes";
import { createFinanceService } from "./modules/finance/finance.service";
import { expenseLimitsRoutes } from "./modules/finance/limits.routes";
import { jobOpeningsRoutes } from "./modules/job-openings/job-openings.routes";
import { createJobOpeningsService } from "./modules/job-openings/job-openings.service";
import { notificationsRoutes } from "./modules/notifications/notifications.routes";
import { createNotifier } from "./modules/notifications/notifications.service";
import { painelRoutes } from "./modules/painel/painel.routes";
import { createPainelService } from "./modules/painel/painel.service";
import {
  planSharingRoutes,
  publicPlanRoutes,
  registerClientPageHeaders,
} from "./modules/plan-sharing/plan-sharing.routes";
import { createPlanSharingService } from "./modules/plan-sharing/plan-sharing.service";
import { createAutomationClient } from "./modules/planning/automation-client";
import { createBitrixClient } from "./modules/planning/bitrix24";
import { planExportRoutes } from "./modules/planning/plan-export.routes";
import { createPlanExportService } from "./modules/planning/plan-export.service";
import { createPlanTasksService } from "./modules/planning/plan-tasks.service";
import { planningRoutes } from "./modules/planning/planning.routes";
import { createPlanningService } from "./modules/planning/planning.service";
import { attachmentsRoutes } from "./modules/requests/attachments.routes";
import { applyingBefore, createRequestListCache } from "./modules/requests/request-list-cache";
import { requestsRoutes } from "./modules/requests/requests.routes";
import { createRequestsService } from "./modules/requests/requests.service";
import { reviewRoutes } from "./modules/review/review.routes";
import { createReviewService } from "./modules/review/review.service";
import { createLateReminders } from "./modules/sla/late-reminders";
import { slaRoutes } from "./modules/sla/sla.routes";
import { createSlaService } from "./modules/sla/sla.service";
import { systemRoutes } from "./modules/system/system.routes";
import { createSystemService } from "./modules/system/system.service";
import { createMembership } from "./modules/teams/membership";
import { teamsRoutes } from "./modules/teams/teams.routes";
import { createTeamsService } from "./modules/teams/teams.service";
import { createOutboxWorker, type OutboxWorker } from "./outbox/worker";
import { homeRendererFile, webDistDir } from "./paths";
import { createLocalStorage } from "./storage/local-storage";
import type { Storage } from "./storage/storage";
import { registerCompression } from "./web-serving/compression";
import type { HomeRenderer } from "./web-serving/first-pages";
import { registerWebServing } from "./web-serving/web-serving";

declare module "fastify" {
  interface FastifyInstance {
    outbox: OutboxWorker;
    liveBus: LiveBus;
    /** Signed-in sessions kept in memory (decision 012); tests read and revoke through it. */
    sessions: SessionCache<CurrentUser>;
    /** The background jobs (src/server/jobs/jobs.ts); tests run one with jobs.runOnce(name). */
    jobs: Scheduler;
    storage: Storage;
    /** Tests run the hourly sweep themselves with pendingSignUps.sweep(). */
    pendingSignUps: PendingSignUps;
  }
}

export type AppOptions = {
  config: Config;
  database: Database;
  authSecret: string;
  /** Defaults to nodemailer over config.smtpUrl (or the log). */
  mailer?: Mailer;
  /** Signs outgoing webhooks and plan requests (Standard Webhooks) that have no secret of their own in config. */
  webhookSecret: string;
  /** Defaults to S3 when configured, else DATA_DIR/uploads. */
  storage?: Storage;
  /** The background delivery loop; tests drive the worker themselves with runOnce(). */
  startOutboxWorker?: boolean;
  /** Built SPA to serve; defaults to dist/web when it exists. */
  webRoot?: string | null;
  /** Draws / for a signed-in person; defaults to the one the build bundled (dist/server/render-home.js). */
  homeRenderer?: HomeRenderer;
  logger?: FastifyServerOptions["logger"];
  /** What time it is for the scheduled work (the daily summary at 8:00) and the session cache; tests set it. */
  clock?: () => Date;
};

export function loggerOptions(level: string): FastifyServerOptions["logger"] {
  return {
    level,
    // Never log credentials, tokens or cookies (ASVS 16.2.5): headers are not logged at all;
    // e-mailed links carry their token, attachment links their signature, in the query string,
    // and an error's message may repeat such a URL (http/redact.ts).
    serializers: {
      req: (req) => ({ method: req.method, url: redactUrlSecrets(req.url), ip: req.ip }),
      err: serializeError,
    },
    redact: {
      paths: ["*.password", "*.confirmPassword", "*.token", "*.signature", "*.cookie", "*.authorization"],
      censor: REDACTED,
    },
  };
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY. A hop count becomes a function:
 * Fastify ignores a bare number, since a client that reaches the server
 * directly can then name any address (the README says to list the proxies'
 * addresses instead, or to listen where only the proxy reaches).
 */
export function fastifyTrustProxy(trust: TrustProxy): FastifyServerOptions["trustProxy"] {
  if (trust === false) return false;
  if ("hops" in trust) {
    const { hops } = trust;
    return (_address: string, hop: number) => hop < hops;
  }
  return trust.addresses;
}

export async function buildApp(options: AppOptions) {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Requests in flight finish on close; idle keep-alive sockets are dropped so shutdown is prompt.
    forceCloseConnections: "idle",
    bodyLimit: 1024 * 1024,
    genReqId: requestIds(),
    childLoggerFactory: lazyRequestLogger,
    // The router's and Node's HTTP parser's refusals answer in Portuguese too (http/client-errors.ts).
    frameworkErrors,
    clientErrorHandler: connectionErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The performance machinery's switches (seams.ts): each seam below asks config.seams.
  app.decorate("seams", config.seams);
  registerErrorHandling(app);
  // Before every route: a hook applies to the routes registered after it.
  if (config.seams.compression) registerCompression(app);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: { "img-src": ["'self'", "data:"], "upgrade-insecure-requests": null },
    },
    // HSTS only where the site really is served over https.
    strictTransportSecurity: config.publicUrl.startsWith("https://"),
  });
  registerUnstorableTextCheck(app);
  registerUnreadBodyClose(app);
  registerClientPageHeaders(app);
  const origins = trustedOrigins(config.publicUrl);
  registerOriginCheck(app, origins);

  const mailer =
    options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger: app.log });
  app.addHook("onClose", async () => mailer.close());

  await app.register(swagger, {
    openapi: {
      info: {
        title: "Balcão API",
        version: "1.0.0",
        description:
          "JSON API of Balcão. Errors answer `{ message, description?, code?, fields? }` in Portuguese.",
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });

  const betterAuth = createAuth({
    db: database.db,
    secret: options.authSecret,
    publicUrl: config.publicUrl,
    trustedOrigins: origins,
    allowedEmailDomains: config.allowedEmailDomains,
    requireEmailVerification: config.requireEmailVerification,
    mailer,
    // better-auth's messages may quote a URL it refused (a callbackURL, a link).
    log: (level, message) => app.log[level](redactUrlSecrets(message)),
  });
  const auth = config.seams.quietAuthContext ? quietAsyncContext(betterAuth) : betterAuth;
  const sessionCookieName = (await auth.$context).authCookies.sessionToken.name;
  const membership = createMembership(database.db, config);
  // Live events and session evictions across instances (LISTEN/NOTIFY on PostgreSQL).
  const bus = database.url
    ? await createPostgresBus({ url: database.url, log: app.log })
    : createLocalBus(database.pglite, app.log);
  app.decorate("liveBus", bus);
  const sessions = createSessionCache<CurrentUser>({
    secret: options.authSecret,
    cookieName: sessionCookieName,
    ttlMs: config.sessionCacheSeconds * 1000,
    topic: bus.sessions,
    listening: bus.listening,
    log: app.log,
    ...(options.clock ? { now: () => options.clock!().getTime() } : {}),
  });
  // Whatever was said while nobody listened is unknown: start again from the database.
  const stopWatching = bus.onListeningChange(() => sessions.apply({ type: "all" }));
  app.addHook("onClose", async () => {
    stopWatching();
    sessions.close();
  });
  app.decorate("sessions", sessions);
  await app.register(authPlugin, { auth, membership, sessions });
  await app.register(throttlePlugin, { db: database.db });

  await app.register(systemRoutes, { service: createSystemService({ database }) });
  const pendingSignUps = createPendingSignUps({ db: database.db, auth, sessions });
  app.decorate("pendingSignUps", pendingSignUps);
  await app.register(authRoutes, {
    service: createAuthService({
      db: database.db,
      auth,
      pending: pendingSignUps,
      sendConfirmation: (user, token) =>
        mailer.send(
          confirmationEmail({
            to: user.email,
            name: user.name,
            url: `${config.publicUrl}${CONFIRM_EMAIL_PATH}?token=${encodeURIComponent(token)}`,
            expiresInHours: PENDING_SIGN_UP_HOURS,
          }),
        ),
      allowedEmailDomains: config.allowedEmailDomains,
      requireEmailVerification: config.requireEmailVerification,
      sessions,
    }),
    publicConfig: {
      allowedEmailDomains: config.allowedEmailDomains,
      requireEmailVerification: config.requireEmailVerification,
    },
    secureCookies: config.publicUrl.startsWith("https://"),
  });
  await app.register(accountRoutes, { service: createAccountService({ db: database.db, auth, sessions }) });
  await app.register(expenseLimitsRoutes, { db: database.db });
  await app.register(teamsRoutes, {
    service: createTeamsService({
      db: database.db,
      config: { ...config, allowedEmailDomains: config.allowedEmailDomains },
      sessions,
    }),
  });

  const storage =
    options.storage ??
    (config.s3
      ? // Loaded only when configured: the AWS SDK adds a tenth of a second to every start.
        (await import("./storage/s3-storage")).createS3Storage({ ...config.s3, forcePathStyle: true })
      : createLocalStorage(path.join(config.dataDir, "uploads")));
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

  // 'Minhas solicitações' first pages (decision 022): evicted by the live events that name their author.
  const requestLists = createRequestListCache<RequestListPage>({
    topic: bus,
    listening: bus.listening,
    ttlMs: config.listCacheSeconds * 1000,
    ...(options.clock ? { now: () => options.clock!().getTime() } : {}),
  });
  const stopWatchingLists = bus.onListeningChange(() => requestLists.clear());
  app.addHook("onClose", async () => {
    stopWatchingLists();
    requestLists.close();
  });

  // The review desk (decision 011): the bell and its e-mails, and the moves of every request.
  const notifier = createNotifier({
    db: database.db,
    mailer,
    bus: applyingBefore(bus, requestLists),
    publicUrl: config.publicUrl,
    log: app.log,
  });
  const review = createReviewService({
    db: database.db,
    notifier,
    statusWebhook: Boolean(config.webhookUrls.status),
    teamsOf: membership.of,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await app.register(liveRoutes, { bus });
  await app.register(notificationsRoutes, { notifier });
  // Before every route that reads a form: an encapsulated plugin keeps the parsers it was created with.
  await app.register(multipart, { throwFileSizeLimit: true });
  await app.register(reviewRoutes, { service: review, storage });
  await app.register(financeRoutes, {
    service: createFinanceService({ db: database.db, desk: { act: review.act, queued: review.queued } }),
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
      linkSecret,
      linkTtlSeconds: config.attachmentLinkTtlSeconds,
    }),
  });
  await app.register(attachmentsRoutes, {
    db: database.db,
    storage,
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
  });
  await app.register(jobOpeningsRoutes, {
    service: createJobOpeningsService({ db: database.db, webhookEnabled: Boolean(config.webhookUrls.vaga) }),
  });
  await app.register(clientsRoutes, { service: createClientsService({ db: database.db }) });

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

  // Service levels and the Painel (decision 014).
  await app.register(slaRoutes, { service: createSlaService({ db: database.db }) });
  await app.register(painelRoutes, {
    service: createPainelService({
      db: database.db,
      scopeOf: review.scopeOf,
      ...(options.clock ? { clock: options.clock } : {}),
    }),
  });
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
    startOutbox: options.startOutboxWorker !== false,
    sendDailySummaries: () =>
      notifier.sendDailySummaries(options.clock?.() ?? new Date(), review.newForMember),
    sendLateReminders: () => lateReminders(options.clock?.() ?? new Date()),
    checkStoredAddresses: () => endSignInsOfStoredNonMailboxes({ db: database.db, sessions, log: app.log }),
  });
  app.decorate("jobs", jobs);
  app.addHook("onClose", async () => bus.close());
  app.addHook("onReady", async () => jobs.start());
  // Background work and generator calls in flight finish before the storage and the
  // database close (server.ts closes the database after app.close()).
  app.addHook("onClose", async () => {
    await jobs.stop();
    await plans.drain();
    await storage.close();
  });

  const { indexHtml } = await registerWebServing(app, {
    webRoot: options.webRoot === undefined ? webDistDir : options.webRoot,
    seams: config.seams,
    sessionCookieName,
    homeRenderer: options.homeRenderer,
    homeRendererFile,
  });
  registerNotFound(app, { indexHtml });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
