import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, inject } from "vitest";
import { type App, buildApp } from "../app";
import { type Config, loadConfig } from "../config";
import { type Database, openDatabase } from "../db/client";
import { seamSwitchesIn } from "../seams";
import { createLocalStorage } from "../storage/local-storage";
import type { Storage } from "../storage/storage";
import { emptyTables } from "./empty-tables";
import { type SmtpSink, startSmtpSink } from "./smtp-sink";
import { testPasswordHasher } from "./test-password-hasher";

/** The AUTH_SECRET of every test app: instances sharing a database must share it. */
export const TEST_AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
export const TEST_WEBHOOK_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

export type DatabaseKind = "pglite" | "postgres";

export function testDatabaseKinds(): DatabaseKind[] {
  return inject("postgresTemplate") ? ["pglite", "postgres"] : ["pglite"];
}

/**
 * For a test whose subject is not the database (an archive's name, a lock between instances):
 * it runs once, on PostgreSQL when the run has one (several instances share a database only
 * there, and it is the cheaper of the two), else on PGlite.
 */
export function onceAcrossDatabases(kind: DatabaseKind): boolean {
  return kind === testDatabaseKinds().at(-1);
}

/** A migrated database of its own for one test file: PGlite from the dump, or a copy of the template. */
export async function openTestDatabase(
  kind: DatabaseKind,
): Promise<{ database: Database; drop(): Promise<void> }> {
  if (kind === "pglite") {
    const dump = new Blob([readFileSync(inject("pgliteDumpFile"))]);
    const database = await openDatabase({ kind: "pglite", loadDataDir: dump });
    return { database, drop: () => database.close() };
  }
  const template = inject("postgresTemplate")!;
  return scratchPostgres("balcao_test", `template ${template.name}`);
}

/** A PostgreSQL database of its own on the test server (`with`: its template, or nothing for an empty one). */
export async function scratchPostgres(prefix: string, with_ = "") {
  const server = inject("postgresTemplate")!;
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`create database ${name} ${with_}`);
  // A test's database need not outlive a crash: no commit waits for the disk (decision 069).
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 5 });
  return {
    database,
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: "test",
    DATA_DIR: "/nonexistent-in-tests",
    PUBLIC_URL: "http://localhost:3000",
    LOG_LEVEL: "silent",
    VAGAS_MANAGERS: "vagas@agencia.digital",
    PLANNING_MANAGERS: "planejamento@agencia.digital",
    // Administrators and Financeiro would otherwise have to enrol in every test that signs them in;
    // the second factor's own tests turn it on (docs/decisions/055).
    REQUIRE_SECOND_FACTOR: "false",
    // The one thing a test app takes from the environment: `npm run test:plain` turns the seams off.
    ...seamSwitchesIn(process.env),
    ...env,
  });
}

export type TestContext = {
  app: App;
  database: Database;
  mail: SmtpSink;
  config: Config;
  kind: DatabaseKind;
  /** Where this app's local storage keeps uploads. */
  uploadsDir: string;
};

/**
 * Runs `body` once per database kind (PGlite always, PostgreSQL with
 * TEST_DATABASE_URL), each with the real app, its own database and an SMTP sink.
 * Tables are emptied before every test.
 */
export function describeWithApp(
  title: string,
  options: {
    env?: Record<string, string>;
    extend?: (app: App) => void;
    webRoot?: string;
    homeRenderer?: Parameters<typeof buildApp>[0]["homeRenderer"];
    logger?: Parameters<typeof buildApp>[0]["logger"];
    clock?: () => Date;
    storage?: () => Storage;
    /** Changes the loaded configuration before the app is built (what no variable can say, e.g. a test's SSO issuer). */
    config?: (config: Config) => Config;
    /** better-auth's own scrypt instead of the tests' cheaper one (docs/decisions/057). */
    productionPasswordHashing?: boolean;
  },
  body: (ctx: () => TestContext, kind: DatabaseKind) => void,
) {
  for (const kind of testDatabaseKinds()) {
    describe(`${title} [${kind}]`, () => {
      let ctx: TestContext | undefined;
      let drop = async () => {};
      const uploadsDir = mkdtempSync(path.join(tmpdir(), "balcao-uploads-"));
      beforeAll(async () => {
        const mail = await startSmtpSink();
        const opened = await openTestDatabase(kind);
        drop = opened.drop;
        const loaded = testConfig({ SMTP_URL: mail.url, ...options.env });
        const config = options.config ? options.config(loaded) : loaded;
        const app = await buildApp({
          config,
          database: opened.database,
          authSecret: TEST_AUTH_SECRET,
          ...(options.productionPasswordHashing ? {} : { passwordHasher: testPasswordHasher }),
          webhookSecret: TEST_WEBHOOK_SECRET,
          storage: options.storage?.() ?? createLocalStorage(uploadsDir),
          // Tests deliver webhooks when they choose, with app.outbox.runOnce().
          startOutboxWorker: false,
          webRoot: options.webRoot ?? null,
          ...(options.homeRenderer ? { homeRenderer: options.homeRenderer } : {}),
          ...(options.logger ? { logger: options.logger } : {}),
          ...(options.clock ? { clock: options.clock } : {}),
        });
        options.extend?.(app);
        ctx = { app, database: opened.database, mail, config, kind, uploadsDir };
      });
      beforeEach(async () => {
        await emptyTables(ctx!.database);
        ctx!.mail.clear();
        rmSync(uploadsDir, { recursive: true, force: true });
        mkdirSync(uploadsDir, { recursive: true });
      });
      afterAll(async () => {
        await ctx?.app.close();
        await ctx?.mail.close();
        await drop();
        rmSync(uploadsDir, { recursive: true, force: true });
      });
      body(() => ctx!, kind);
    });
  }
}

/** Polls until `check` holds; answers how long it took. */
export async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return Date.now() - start;
}

/**
 * Another instance on the test's database, with its own caches and its own LISTEN connection
 * (PostgreSQL), ready once both instances hear each other: until then neither caches anything.
 * The caller closes it.
 */
export async function secondInstance(ctx: TestContext): Promise<App> {
  const second = await buildApp({
    config: ctx.config,
    database: ctx.database,
    authSecret: TEST_AUTH_SECRET,
    passwordHasher: testPasswordHasher,
    webhookSecret: TEST_WEBHOOK_SECRET,
    storage: createLocalStorage(ctx.uploadsDir),
    startOutboxWorker: false,
    webRoot: null,
  });
  try {
    await second.ready();
    await within(5000, async () => second.liveBus.listening() && ctx.app.liveBus.listening());
    return second;
  } catch (err) {
    await second.close();
    throw err;
  }
}
