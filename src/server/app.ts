import "@/domain/zod-locale";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { createAppContext } from "./app-context";
import { APP_MODULES } from "./app-modules";
import { createAuth } from "./auth/auth";
import authPlugin, { type CurrentUser } from "./auth/auth.plugin";
import { quietAsyncContext } from "./auth/quiet-async-context";
import { createSecondFactorGate } from "./auth/second-factor-gate";
import { createSessionCache, type SessionCache } from "./auth/session-cache";
import type { TrustProxy } from "./config";
import { connectionErrorHandler, frameworkErrors } from "./http/client-errors";
import { registerErrorHandling, registerNotFound } from "./http/error-handler";
import { registerOriginCheck, trustedOrigins } from "./http/origin-check";
import { REDACTED, redactUrlSecrets, serializeError } from "./http/redact";
import { lazyRequestLogger, requestIds } from "./http/request-log";
import { registerSecurityHeaders } from "./http/security-headers";
import throttlePlugin from "./http/throttle";
import { registerUnreadBodyClose } from "./http/unread-body";
import { registerUnstorableTextCheck } from "./http/unstorable-text";
import { registerJobs } from "./jobs/register-jobs";
import type { Scheduler } from "./jobs/scheduler";
import { createLocalBus, createPostgresBus, type LiveBus } from "./live/bus";
import { createMailer, type Mailer } from "./mail/mailer";
import { registerMetrics } from "./metrics/metrics.routes";
import type { PendingSignUps } from "./modules/auth/pending-sign-ups.service";
import { skippingDeactivated } from "./modules/people/deactivated-mail";
import { registerClientPageHeaders } from "./modules/plan-sharing/plan-sharing.routes";
import { createMembership } from "./modules/teams/membership";
import type { OutboxWorker } from "./outbox/worker";
import { homeRendererFile, webDistDir } from "./paths";
import type { Storage } from "./storage/storage";
import { registerCompression } from "./web-serving/compression";
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

import type { AppOptions } from "./app-options";

export type { AppOptions };

/** `stream`: where the lines go instead of stdout's JSON (a terminal's readable lines, log-format.ts). */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions["logger"] {
  return {
    level,
    ...(stream ? { stream } : {}),
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
  // A hook added here runs on every route, wherever and whenever the route is registered.
  if (config.seams.compression) registerCompression(app);
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        "img-src": ["'self'", "data:"],
        // HEIC photos are converted in the browser by heic-to, which runs libheif in a worker it
        // starts from a blob: URL (docs/decisions/065); 'self' keeps the service worker allowed.
        "worker-src": ["'self'", "blob:"],
        // The web app manifest, from our own origin (docs/decisions/062).
        "manifest-src": ["'self'"],
        "upgrade-insecure-requests": null,
      },
    },
    // HSTS only where the site really is served over https.
    strictTransportSecurity: config.publicUrl.startsWith("https://"),
  });
  registerUnstorableTextCheck(app);
  registerUnreadBodyClose(app);
  registerClientPageHeaders(app);
  const origins = trustedOrigins(config.publicUrl);
  registerOriginCheck(app, origins);

  const streams = { count: () => 0 };
  const metrics = await registerMetrics(app, {
    token: config.metricsToken,
    database,
    liveStreams: () => streams.count(),
  });
  const sender =
    options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger: app.log });
  // Nothing goes to a deactivated account (docs/decisions/048), whichever module sends it.
  const kept = skippingDeactivated(sender, database.db, app.log);
  const mailer = metrics ? metrics.countingMailer(kept) : kept;
  app.addHook("onClose", async () => mailer.close());

  await registerApiDocs(app);

  const { auth, sessionCookieName, membership, bus, sessions } = await registerSessions(app, options, {
    mailer,
    origins,
  });
  const context = await createAppContext({
    app,
    options,
    config,
    database,
    mailer,
    auth,
    sessions,
    bus,
    membership,
    liveStreams: streams,
  });
  // Every module from one list, in its order (app-modules.ts, docs/decisions/064); then the jobs.
  for (const module of APP_MODULES) await module.register(context);
  registerJobs(context);

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

/** The OpenAPI document and its page at /api/docs. */
async function registerApiDocs(app: FastifyInstance) {
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
}

/** better-auth, the live bus, the session cache and the plugins that read the session. */
async function registerSessions(
  app: FastifyInstance,
  options: AppOptions,
  { mailer, origins }: { mailer: Mailer; origins: ReturnType<typeof trustedOrigins> },
) {
  const { config, database } = options;
  const betterAuth = createAuth({
    db: database.db,
    secret: options.authSecret,
    publicUrl: config.publicUrl,
    trustedOrigins: origins,
    allowedEmailDomains: config.allowedEmailDomains,
    requireEmailVerification: config.requireEmailVerification,
    sso: config.sso,
    mailer,
    ...(options.passwordHasher ? { passwordHasher: options.passwordHasher } : {}),
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
  const secondFactor = createSecondFactorGate({ enforced: config.requireSecondFactor, db: database.db });
  await app.register(authPlugin, {
    auth,
    membership,
    sessions,
    secondFactor,
    ssoProviders: config.sso.map((p) => p.id),
  });
  await app.register(throttlePlugin, { db: database.db });
  return { auth, sessionCookieName, membership, bus, sessions };
}

export type App = Awaited<ReturnType<typeof buildApp>>;
