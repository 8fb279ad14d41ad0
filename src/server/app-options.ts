import type { FastifyServerOptions } from "fastify";
import type { PasswordHasher } from "./auth/auth";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { Mailer } from "./mail/mailer";
import type { Storage } from "./storage/storage";
import type { HomeRenderer } from "./web-serving/first-pages";

/** What `buildApp` is given (app.ts), read also by the modules it registers (app-context.ts). */
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
  /** Production keeps better-auth's scrypt; the API tests pass a cheaper one (docs/decisions/057). */
  passwordHasher?: PasswordHasher;
  /** What time it is for the scheduled work (the daily summary at 8:00) and the session cache; tests set it. */
  clock?: () => Date;
};
