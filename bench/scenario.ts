// The one scenario runner of the list measurements (and of the live one): a server on PGlite or
// PostgreSQL with users signed up through the API and data seeded through the Drizzle schema
// (src/server/testing/seed.ts), then the pages measured with autocannon and their statements
// counted in process with the API tests' logger (src/server/testing/statement-log.ts).
// docs/bench.md explains the method.
import path from "node:path";
import { sql } from "drizzle-orm";
import { loadConfig } from "../src/server/config";
import { lockDataDir } from "../src/server/data-dir";
import { type Database, type Db, openDatabase } from "../src/server/db/client";
import { buildCountingApp, ownStatements, signInCookie } from "../src/server/testing/statement-log";
import {
  type BalcaoServer,
  benchClient,
  type Credentials,
  currentUserId,
  errorMessage,
  log,
  logIn,
  newCredentials,
  register,
  startBalcao,
  stopBalcao,
} from "./lib";
import { type LoadResult, load } from "./load";
import { createBenchDatabase, dropBenchDatabase } from "./postgres";
import { fmtInt, fmtKb, fmtMs, noteCouldNotMeasure, table } from "./report";

export const BACKENDS = ["PGlite", "PostgreSQL"] as const;
export type Backend = (typeof BACKENDS)[number];

export type SignedUp = Credentials & { id: string };

export type Setup<S> = {
  /** Names the server's DATA_DIR, the database and the log lines. */
  name: string;
  /** The people to sign up through the API, by role ("me", "reviewer"). */
  users: readonly string[];
  /** Extra server environment (allow-lists naming the users). */
  env?: (users: Record<string, SignedUp>) => Record<string, string>;
  /** Seeds through Drizzle, the server stopped (PGlite) or running (PostgreSQL). */
  seed: (db: Db, users: Record<string, SignedUp>) => Promise<S>;
  /** Tables PostgreSQL should `vacuum analyze` after seeding, as autovacuum soon would. */
  tables: readonly string[];
  /** Node's options for the measured server (e.g. bench/memory-probe.mjs). */
  nodeArgs?: string[];
};

export type Running<S> = {
  backend: Backend;
  server: BalcaoServer;
  users: Record<string, SignedUp & { cookie: string }>;
  seeded: S;
  seedMs: number;
  /** Runs `fn` on the stopped server's database (PGlite) or beside the server (PostgreSQL). */
  openDatabase: <T>(fn: (database: Database) => Promise<T>) => Promise<T>;
};

/** Opens a stopped server's PGlite under the server's own lock (a running server makes it fail). */
async function withPglite<T>(dataDir: string, fn: (database: Database) => Promise<T>): Promise<T> {
  const release = await lockDataDir(dataDir);
  try {
    const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
    try {
      return await fn(database);
    } finally {
      await database.close();
    }
  } finally {
    await release();
  }
}

async function withPostgres<T>(url: string, fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ kind: "postgres", url, poolSize: 2 });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

async function signUpAll(baseUrl: string, roles: readonly string[], label: string) {
  const users: Record<string, SignedUp> = {};
  for (const [n, role] of roles.entries()) {
    const credentials = newCredentials(`${label}-${role}`);
    await register(baseUrl, credentials, benchClient(n));
    users[role] = {
      ...credentials,
      id: await currentUserId(baseUrl, await logIn(baseUrl, credentials, benchClient(n))),
    };
  }
  return users;
}

async function signInAll(baseUrl: string, users: Record<string, SignedUp>) {
  const signedIn: Running<unknown>["users"] = {};
  for (const [role, user] of Object.entries(users))
    signedIn[role] = { ...user, cookie: await logIn(baseUrl, user) };
  return signedIn;
}

/**
 * Signs the users up on a fresh server, seeds, and hands `use` a running server on the seeded
 * database; PGlite belongs to its server's process, so there the first server is stopped, the
 * DATA_DIR seeded from here and a second server started on it. `after` runs once the server
 * has stopped, with the database (e.g. for counting statements in process).
 */
export async function runScenario<S, T, A>(
  backend: Backend,
  setup: Setup<S>,
  use: (running: Running<S>) => Promise<T>,
  after: (running: Running<S>, measured: T) => Promise<A>,
): Promise<{ measured: T; after: A; seedMs: number }> {
  const name = `${setup.name}-${backend.toLowerCase()}`;
  const databaseName = `balcao_bench_${setup.name.replace(/\W/g, "_")}_${process.pid}`;
  const databaseUrl = backend === "PostgreSQL" ? await createBenchDatabase(databaseName) : undefined;
  let server: BalcaoServer | undefined;
  try {
    // Only this server, which is not measured, believes the sign-ups' addresses (lib.ts `benchClient`).
    server = await startBalcao(name, {
      env: { TRUST_PROXY: "loopback" },
      ...(databaseUrl ? { databaseUrl } : {}),
    });
    const users = await signUpAll(server.baseUrl, setup.users, setup.name);
    const env = setup.env?.(users) ?? {};
    const { dataDir } = server;
    const withDatabase = <R>(fn: (database: Database) => Promise<R>) =>
      databaseUrl ? withPostgres(databaseUrl, fn) : withPglite(dataDir, fn);

    // The allow-lists are read at start: a server with `env` from here on.
    const exit = await stopBalcao(server, { keepDataDir: true });
    if (exit !== "code 0") throw new Error(`the first server stopped with ${exit}; not seeding its database`);
    log(`${setup.name}: ${backend}: seeding`);
    const seeding = performance.now();
    const seeded = await withDatabase(async (database) => {
      const result = await setup.seed(database.db, users);
      if (databaseUrl) await database.db.execute(sql.raw(`vacuum analyze ${setup.tables.join(", ")}`));
      return result;
    });
    const seedMs = performance.now() - seeding;
    log(`${setup.name}: ${backend}: seeded in ${fmtMs(seedMs)}`);

    server = await startBalcao(`${name}-2`, {
      dataDir,
      env,
      ...(databaseUrl ? { databaseUrl } : {}),
      ...(setup.nodeArgs ? { nodeArgs: setup.nodeArgs } : {}),
    });
    const running: Running<S> = {
      backend,
      server,
      users: await signInAll(server.baseUrl, users),
      seeded,
      seedMs,
      openDatabase: withDatabase,
    };
    const measured = await use(running);
    const stopped = await stopBalcao(server, { keepDataDir: true });
    if (stopped !== "code 0") throw new Error(`the server stopped with ${stopped}`);
    return { measured, after: await after(running, measured), seedMs };
  } finally {
    if (server) await stopBalcao(server);
    if (databaseUrl) await dropBenchDatabase(databaseName);
  }
}

// ---- the list pages: latency and statements ----------------------------------------------

export type Target = {
  /** The page people see ('/vagas'), for the tables. */
  page: string;
  /** What the page asks the API for. */
  path: string;
  /** Who asks (a role of the setup's users). */
  as: string;
  /** Items the first page must hold, checked before it is measured; absent for an answer without `items` (the Painel). */
  items?: number;
};

export type TargetResult = { result: LoadResult; bytes: number; statements?: number };
export type ListsRun = {
  backend: Backend;
  seedMs: number;
  targets: Record<string, TargetResult>;
};

type Options = { duration: number; warmup: number };

async function checkFirstPage(baseUrl: string, target: Target, cookie: string): Promise<number> {
  const response = await fetch(`${baseUrl}${target.path}`, { headers: { cookie } });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`GET ${target.path} answered ${response.status}: ${body}`);
  const { items } = JSON.parse(body) as { items?: unknown[] };
  if (target.items !== undefined && items?.length !== target.items) {
    throw new Error(`GET ${target.path}: ${items?.length} items, not ${target.items}`);
  }
  return Buffer.byteLength(body);
}

/** The own statements of each target's first page, on the real app in this process. */
async function countStatements(
  database: Database,
  env: Record<string, string>,
  users: Record<string, SignedUp>,
  targets: readonly Target[],
) {
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: "/nonexistent-in-the-bench",
    LOG_LEVEL: "silent",
    REQUIRE_EMAIL_VERIFICATION: "false",
    ...env,
  });
  const counting = await buildCountingApp(database, config);
  try {
    const counts: Record<string, number> = {};
    for (const target of targets) {
      const user = users[target.as]!;
      const cookie = await signInCookie(counting.app, user.email, user.password);
      const lookup = (await counting.get("/api/me", cookie)).statements;
      const answer = await counting.get(target.path, cookie);
      if (answer.status !== 200) throw new Error(`GET ${target.path} answered ${answer.status} in process`);
      counts[target.path] = ownStatements(answer.statements, lookup).length;
    }
    return counts;
  } finally {
    await counting.close();
  }
}

/**
 * The list measurements' one runner: on each backend, seed, check each target's first page,
 * measure it with autocannon (1 connection: p99 is a request's own latency, not queueing),
 * then count its statements in process. A backend that fails is reported, not fatal.
 */
export async function measureLists<S>(
  setup: Setup<S>,
  targets: readonly Target[],
  options: Options,
): Promise<{ runs: ListsRun[]; errors: Partial<Record<Backend, string>> }> {
  const runs: ListsRun[] = [];
  const errors: Partial<Record<Backend, string>> = {};
  for (const backend of BACKENDS) {
    try {
      const { measured, after, seedMs } = await runScenario(
        backend,
        setup,
        async ({ server, users }) => {
          const results: Record<string, TargetResult> = {};
          for (const target of targets) {
            const cookie = users[target.as]!.cookie;
            const bytes = await checkFirstPage(server.baseUrl, target, cookie);
            const result = await load(`${server.baseUrl}${target.path}`, {
              connections: 1,
              duration: options.duration,
              warmup: options.warmup,
              headers: { cookie },
            });
            log(
              `${setup.name}: ${backend}: ${target.path}: p50 ${fmtMs(result.p50Ms)}, p99 ${fmtMs(result.p99Ms)}, ${fmtInt(result.requestsPerSecond)} req/s`,
            );
            results[target.path] = { result, bytes };
          }
          return results;
        },
        (running) =>
          running.openDatabase((database) =>
            countStatements(database, setup.env?.(running.users) ?? {}, running.users, targets),
          ),
      );
      for (const target of targets) measured[target.path]!.statements = after[target.path];
      runs.push({ backend, seedMs, targets: measured });
    } catch (err) {
      noteCouldNotMeasure();
      log(`${setup.name}: ${backend}: could not measure: ${errorMessage(err)}`);
      errors[backend] = errorMessage(err);
    }
  }
  return { runs, errors };
}

// ---- reporting ---------------------------------------------------------------------------

export const clean = (r: LoadResult) => r.non2xx === 0 && r.errors === 0 && r.timeouts === 0;

/** "PGlite 3 ms · PostgreSQL 4 ms" for one target, and whether both are under `budgetMs`. */
export function p99Row(
  outcome: Awaited<ReturnType<typeof measureLists>>,
  target: Target,
  budgetMs: number,
): { measured: string; ok: boolean } {
  const parts = BACKENDS.map((backend) => {
    const r = outcome.runs.find((run) => run.backend === backend)?.targets[target.path]?.result;
    return { backend, r };
  });
  const dirty = parts.filter((p) => p.r && !clean(p.r)).map((p) => p.backend);
  return {
    measured:
      parts.map((p) => `${p.backend} ${p.r ? fmtMs(p.r.p99Ms) : "error"}`).join(" · ") +
      (dirty.length ? ` — non-2xx/errors: ${dirty.join(", ")}` : ""),
    ok: parts.every((p) => p.r !== undefined && clean(p.r) && p.r.p99Ms < budgetMs),
  };
}

/** The statements of each target's first page: "/api/vagas 1 · …", and whether each is `expected` on both backends. */
export function statementsRow(
  outcome: Awaited<ReturnType<typeof measureLists>>,
  targets: readonly Target[],
  /** The exact count, or the most a page may send when what it holds decides (the queue's flags). */
  expected: number | { atMost: number },
): { measured: string; ok: boolean } {
  const counts = (target: Target) =>
    BACKENDS.map(
      (backend) => outcome.runs.find((r) => r.backend === backend)?.targets[target.path]?.statements,
    );
  const text = (target: Target) => {
    const [pglite, postgres] = counts(target);
    return pglite === postgres
      ? String(pglite ?? "error")
      : `PGlite ${pglite ?? "error"}, PostgreSQL ${postgres ?? "error"}`;
  };
  return {
    measured: `${targets.map((t) => `${t.path.split("?")[0]} ${text(t)}`).join(" · ")} (beyond the session lookup)`,
    ok: targets.every((t) =>
      counts(t).every((n) =>
        typeof expected === "number" ? n === expected : n !== undefined && n <= expected.atMost,
      ),
    ),
  };
}

/** The detail table of a list measurement: one row per page and backend. */
export function listsTable(outcome: Awaited<ReturnType<typeof measureLists>>, targets: readonly Target[]) {
  const bad = (n: number) => (n === 0 ? "0" : `**${fmtInt(n)}** ⚠️`);
  const rows = targets.flatMap((target) =>
    BACKENDS.map((backend) => {
      const name = `${target.page} (\`GET ${target.path}\`)`;
      const run = outcome.runs.find((r) => r.backend === backend);
      const m = run?.targets[target.path];
      if (!m)
        return [
          name,
          backend,
          `error: ${outcome.errors[backend]?.split("\n")[0]}`,
          "",
          "",
          "",
          "",
          "",
          "",
          "",
          "",
          "",
        ];
      const r = m.result;
      return [
        name,
        backend,
        fmtMs(r.p50Ms),
        `**${fmtMs(r.p99Ms)}**`,
        fmtMs(r.maxMs),
        fmtInt(r.requestsPerSecond),
        fmtInt(r.total),
        bad(r.non2xx),
        `${bad(r.errors)} / ${bad(r.timeouts)}`,
        fmtKb(m.bytes),
        String(m.statements ?? "–"),
        fmtMs(run!.seedMs),
      ];
    }),
  );
  return table(
    [
      "Page (API)",
      "Backend",
      "p50",
      "p99",
      "max",
      "Requests/s",
      "Requests",
      "Non-2xx",
      "Errors / timeouts",
      "Answer",
      "Own statements",
      "Seeding",
    ],
    rows,
    ["l", "l", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r"],
  );
}
