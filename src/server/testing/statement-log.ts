import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Logger } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type pg from "pg";
import { type App, buildApp } from "../app";
import type { Config } from "../config";
import type { Database, Db } from "../db/client";
import * as schema from "../db/schema";
import { createLocalStorage } from "../storage/local-storage";

/*
 * Counting the statements a request runs (the lists' "one statement" claims,
 * docs/bench.md). Drizzle hands every statement it sends to its `logger`, so
 * the app is built on a Drizzle instance that shares the database's connection
 * (PGlite) or pool (PostgreSQL) and logs into a list. better-auth goes through
 * the same Drizzle instance, so the session lookup is counted too:
 * `ownStatements` takes away what `GET /api/me` runs (only the session lookup
 * and the membership every signed-in route resolves), leaving the route's own.
 * Imports nothing of Vitest: the bench (bench/statements.ts) uses it as well.
 */

export type Statement = { sql: string; params: unknown[] };

export type StatementLog = {
  logger: Logger;
  /** Every statement logged since the last take(), in order; empties the list. */
  take(): Statement[];
};

export function createStatementLog(): StatementLog {
  let statements: Statement[] = [];
  return {
    logger: { logQuery: (sql, params) => void statements.push({ sql, params }) },
    take() {
      const taken = statements;
      statements = [];
      return taken;
    },
  };
}

/** The same database, through a Drizzle instance that logs every statement into `log`. */
export function withStatementLog(database: Database, log: StatementLog): Database {
  const db: Db = database.pglite
    ? (drizzlePglite(database.pglite, { schema, logger: log.logger }) as unknown as Db)
    : drizzleNodePg((database.db as unknown as { $client: pg.Pool }).$client, { schema, logger: log.logger });
  return { ...database, db };
}

export type CountingApp = {
  app: App;
  log: StatementLog;
  /** GETs `url` with `cookie`; its answer and the statements it ran. */
  get(url: string, cookie: string): Promise<{ status: number; body: string; statements: Statement[] }>;
  close(): Promise<void>;
};

/**
 * The real app on `database`, its statements logged. Its background jobs are
 * stopped once it is ready, so that only requests send statements.
 */
export async function buildCountingApp(database: Database, config: Config): Promise<CountingApp> {
  const log = createStatementLog();
  const uploadsDir = mkdtempSync(path.join(tmpdir(), "balcao-statements-"));
  const app = await buildApp({
    // The session lookup is counted as a cache miss does it (decision 012): the cache off.
    config: { ...config, sessionCacheSeconds: 0 },
    database: withStatementLog(database, log),
    authSecret: "statement-log-secret-statement-log-secret",
    webhookSecret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    storage: createLocalStorage(uploadsDir),
    startOutboxWorker: false,
    webRoot: null,
    logger: false,
  });
  await app.ready();
  await app.jobs.stop();
  log.take();
  return {
    app,
    log,
    async get(url, cookie) {
      log.take();
      const response = await app.inject({ method: "GET", url, headers: { cookie } });
      return { status: response.statusCode, body: response.body, statements: log.take() };
    },
    async close() {
      await app.close();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

/**
 * A request's own statements: those that are not the session lookup's, as
 * `GET /api/me` (which does nothing else) showed them. Throws unless the
 * request ran the session lookup's statements exactly once each, so that a
 * lookup that changed shape cannot hide a statement of the route's.
 */
export function ownStatements(request: Statement[], sessionLookup: Statement[]): Statement[] {
  const lookupSql = new Set(sessionLookup.map((s) => s.sql));
  const own = request.filter((s) => !lookupSql.has(s.sql));
  if (request.length - own.length !== sessionLookup.length) {
    throw new Error(
      `expected the session lookup's ${sessionLookup.length} statements, found ${request.length - own.length}:\n` +
        request.map((s) => s.sql).join("\n"),
    );
  }
  return own;
}

/** Signs in through the API (password), the Cookie header of the session. */
export async function signInCookie(app: App, email: string, password: string): Promise<string> {
  const login = await app.inject({ method: "POST", url: "/api/login", payload: { email, password } });
  if (login.statusCode !== 200)
    throw new Error(`POST /api/login answered ${login.statusCode}: ${login.body}`);
  const setCookie = login.headers["set-cookie"];
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(";")[0]).join("; ");
}
