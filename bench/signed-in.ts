// Signed-in calls (decisions 012, 022, 026): GET /api/me and one list endpoint at 50 connections, each as a
// share of a bare Fastify route's requests/s measured in the same run, with p99 against 20 ms,
// on PGlite and PostgreSQL; and, on PostgreSQL, how long a sign-out on one instance takes to be
// refused by another one on the same database (the session cache's eviction, decision 012).
import path from "node:path";
import {
  errorMessage,
  freePort,
  log,
  logIn,
  newCredentials,
  projectRoot,
  register,
  signIn,
  sleep,
  startBalcao,
  startChild,
  stopBalcao,
  stopChild,
  waitFor200,
} from "./lib";
import { type LoadResult, load } from "./load";
import { createBenchDatabase, dropBenchDatabase } from "./postgres";
import { budgets, details, fmtInt, fmtMb, fmtMs, MB, median, noteCouldNotMeasure, table } from "./report";
import { rssBytes, sampleRss } from "./rss";

export const SIGNED_IN_SHARE_TARGET = 0.5;
/** `GET /api/me`, which every page starts with: at least 60 % of the bare route (decision 068). */
export const ME_SHARE_TARGET = 0.6;
export const SIGNED_IN_P99_BUDGET_MS = 20;
export const REVOCATION_BUDGET_MS = 100;
/** Decisions 023 and 068: the idle server on PGlite under 200 MB (PGlite's memory, db/client.ts). */
const IDLE_RSS_BUDGET_BYTES = 200 * MB;
const REVOCATION_RUNS = 5;
/** 'Minhas solicitações': the list every signed-in person opens (empty here: the session's cost shows). */
const LIST_PATH = "/api/solicitacoes";
const ROUTES = ["/api/me", LIST_PATH] as const;

type Settings = { connections: number; duration: number; warmup: number; database: string };
/** `ceiling`: the mean of the bare route's runs just before and just after this one. */
type Row = { target: string; path: string; result?: LoadResult; error?: string; ceiling?: number };

/**
 * The bare route's requests/s, measured between every two signed-in runs: on a shared machine the
 * ceiling drifts by a third within minutes, so each run is set against the bare runs beside it.
 */
type Ceiling = { measureAfter(): Promise<number | undefined>; last: number | undefined };

function options(s: Settings, cookie?: string) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  return { connections: s.connections, duration: s.duration, warmup: s.warmup, headers };
}

/** The server's RSS once started and quiet, and its peak under the `GET /api/me` load. */
type Memory = { target: string; idle: number; underMe: number };
const IDLE_SETTLE_MS = 2_000;

async function loadBalcao(
  s: Settings,
  name: string,
  memory: Memory[],
  ceiling: Ceiling,
  record: (row: Row) => void,
  databaseUrl?: string,
): Promise<void> {
  const server = await startBalcao(name, databaseUrl ? { databaseUrl } : {});
  const target = databaseUrl ? "PostgreSQL" : "PGlite";
  try {
    // Idle: started and quiet, before any request (a sign-in's scrypt alone leaves ~30 MB behind).
    await sleep(IDLE_SETTLE_MS);
    const idle = rssBytes(server.pid);
    const cookie = await signIn(server.baseUrl);
    for (const route of ROUTES) {
      log(
        `signed-in: ${name} ${route}: ${s.connections} connections, ${s.warmup} s warm-up + ${s.duration} s`,
      );
      const sampler = route === "/api/me" ? sampleRss(server.pid, 50) : null;
      const before = ceiling.last;
      const result = await load(`${server.baseUrl}${route}`, options(s, cookie));
      if (sampler) memory.push({ target, idle, underMe: sampler.stop().peak });
      log(`signed-in: ${name} ${route}: ${fmtInt(result.requestsPerSecond)} req/s, p99 ${result.p99Ms} ms`);
      const row: Row = { target, path: route, result };
      record(row);
      const beside = [before, await ceiling.measureAfter()].filter((v): v is number => v !== undefined);
      row.ceiling = beside.length ? beside.reduce((a, b) => a + b, 0) / beside.length : undefined;
    }
  } finally {
    await stopBalcao(server);
  }
}

/** The bare route's server, started once; `measure` loads it like the signed-in routes. */
async function startBare(s: Settings) {
  const port = await freePort();
  const child = startChild(
    "bare-server",
    process.execPath,
    ["--import", "tsx", path.join(projectRoot, "bench", "bare-server.ts")],
    { ...process.env, PORT: String(port) },
  );
  const url = `http://127.0.0.1:${port}/bare`;
  try {
    await waitFor200(child, url);
  } catch (err) {
    await stopChild(child);
    throw err;
  }
  return { measure: () => load(url, options(s)), stop: () => stopChild(child) };
}

/** Two instances on one PostgreSQL database: ms from a sign-out's answer on A until B answers 401. */
async function revocationAcrossInstances(databaseUrl: string): Promise<number[]> {
  // The same AUTH_SECRET, as the README asks of instances sharing a database.
  const env = { AUTH_SECRET: "bench-two-instances-secret-0123456789abcdef" };
  const a = await startBalcao("revoke-a", { databaseUrl, env });
  try {
    const b = await startBalcao("revoke-b", { databaseUrl, env });
    try {
      const times: number[] = [];
      for (let i = 0; i < REVOCATION_RUNS; i++) {
        const user = newCredentials("revoke");
        await register(a.baseUrl, user);
        const cookie = await logIn(a.baseUrl, user);
        const me = (base: string) => fetch(`${base}/api/me`, { headers: { cookie } });
        // B caches the session (its second call is a hit).
        for (let j = 0; j < 3; j++) {
          const res = await me(b.baseUrl);
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`instance B answered ${res.status} before the sign-out`);
        }
        const out = await fetch(`${a.baseUrl}/api/logout`, { method: "POST", headers: { cookie } });
        await out.arrayBuffer();
        const signedOutAt = performance.now();
        for (;;) {
          const res = await me(b.baseUrl);
          await res.arrayBuffer();
          if (res.status === 401) break;
          if (performance.now() - signedOutAt > 5000)
            throw new Error("instance B still served the session after 5 s");
        }
        times.push(performance.now() - signedOutAt);
      }
      return times;
    } finally {
      await stopBalcao(b);
    }
  } finally {
    await stopBalcao(a);
  }
}

export async function signedInCalls(s: Settings) {
  const rows: Row[] = [];
  const record = (row: Row) => rows.push(row);
  const rowsOf = async (target: string, paths: string, fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (err) {
      noteCouldNotMeasure();
      log(`signed-in: ${target}: could not measure: ${errorMessage(err)}`);
      rows.push({ target, path: paths, error: errorMessage(err) });
    }
  };

  const BARE = "Bare Fastify route";
  let bare: Awaited<ReturnType<typeof startBare>> | undefined;
  await rowsOf(BARE, "/bare", async () => {
    bare = await startBare(s);
  });
  const ceiling: Ceiling = {
    last: undefined,
    async measureAfter() {
      this.last = undefined;
      const server = bare;
      if (!server) return undefined;
      await rowsOf(BARE, "/bare", async () => {
        const result = await server.measure();
        this.last = result.requestsPerSecond;
        record({ target: BARE, path: "/bare", result });
      });
      return this.last;
    },
  };
  try {
    await ceiling.measureAfter();
    const memory: Memory[] = [];
    await rowsOf("PGlite", ROUTES.join(", "), () =>
      loadBalcao(s, "signed-in-pglite", memory, ceiling, record),
    );
    let revocation: number[] | string = "not measured";
    await rowsOf("PostgreSQL", ROUTES.join(", "), async () => {
      const url = await createBenchDatabase(s.database);
      try {
        await loadBalcao(s, "signed-in-postgres", memory, ceiling, record, url);
        try {
          revocation = await revocationAcrossInstances(url);
        } catch (err) {
          noteCouldNotMeasure();
          revocation = `error: ${errorMessage(err).split("\n")[0]}`;
        }
      } finally {
        await dropBenchDatabase(s.database);
      }
    });
    report(s, rows, memory, revocation);
  } finally {
    await bare?.stop();
  }
}

function report(s: Settings, rows: Row[], memory: Memory[], revocation: number[] | string) {
  const share = (row: Row) => (row.result && row.ceiling ? row.result.requestsPerSecond / row.ceiling : 0);
  const clean = (r: LoadResult) => r.non2xx === 0 && r.errors === 0 && r.timeouts === 0;
  for (const row of rows) {
    if (row.path === "/bare") continue;
    const r = row.result;
    const shareTarget = row.path === "/api/me" ? ME_SHARE_TARGET : SIGNED_IN_SHARE_TARGET;
    budgets.push({
      budget: `GET ${row.path} on ${row.target}, ${s.connections} conns: share of bare req/s · p99`,
      measured: r
        ? `${Math.round(100 * share(row))} % (${fmtInt(r.requestsPerSecond)} req/s) · ${r.p99Ms} ms${clean(r) ? "" : ` — ${r.statusCodes}`}`
        : `error: ${row.error?.split("\n")[0]}`,
      target: `≥ ${100 * shareTarget} % · < ${SIGNED_IN_P99_BUDGET_MS} ms`,
      ok: Boolean(r && clean(r) && share(row) >= shareTarget && r.p99Ms < SIGNED_IN_P99_BUDGET_MS),
    });
  }
  for (const m of memory)
    budgets.push({
      budget: `Server memory (RSS) on ${m.target}: idle · peak under the GET /api/me load`,
      measured: `${fmtMb(m.idle)} · ${fmtMb(m.underMe)}`,
      target: m.target === "PGlite" ? `idle < ${fmtMb(IDLE_RSS_BUDGET_BYTES)}` : "printed",
      ok: m.target !== "PGlite" || m.idle < IDLE_RSS_BUDGET_BYTES,
    });
  const revokeTimes = revocation as number[] | string;
  budgets.push({
    budget: `Sign-out on one instance refused by another (PostgreSQL, max of ${REVOCATION_RUNS})`,
    measured:
      typeof revokeTimes === "string"
        ? revokeTimes
        : `${fmtMs(Math.max(...revokeTimes))} (median ${fmtMs(median(revokeTimes))})`,
    target: `< ${fmtMs(REVOCATION_BUDGET_MS)}`,
    ok: typeof revokeTimes !== "string" && Math.max(...revokeTimes) < REVOCATION_BUDGET_MS,
  });

  details.push(
    [
      "### Signed-in calls",
      "",
      `autocannon, ${s.connections} connections, ${s.duration} s (after an unrecorded ${s.warmup} s warm-up), with one signed-in session cookie; each server runs in its own process; the bare route (one server) before the first and after each of them, and "Of bare" against the mean of the bare runs just before and just after (the machine drifts within minutes). \`${LIST_PATH}\` is 'Minhas solicitações' of a person with no requests: after the first call both come from memory (the session cache, decision 012; the list's first page, decision 022), so what they measure is the HTTP stack: Fastify's hooks, helmet's headers (about 700 bytes on every answer), the cookie's HMAC check and the answer's serialization.`,
      "",
      table(
        [
          "Target",
          "Route",
          "Requests/s (avg)",
          "Of bare",
          "p50",
          "p99",
          "Requests",
          "Non-2xx",
          "Errors / timeouts",
        ],
        rows.map((row) => {
          const r = row.result;
          if (!r)
            return [
              row.target,
              `\`${row.path}\``,
              `error: ${row.error?.split("\n")[0]}`,
              "",
              "",
              "",
              "",
              "",
              "",
            ];
          return [
            row.target,
            `\`${row.path}\``,
            fmtInt(r.requestsPerSecond),
            row.path === "/bare" ? "" : `${Math.round(100 * share(row))} %`,
            `${r.p50Ms} ms`,
            `${r.p99Ms} ms`,
            fmtInt(r.total),
            fmtInt(r.non2xx),
            `${fmtInt(r.errors)} / ${fmtInt(r.timeouts)}`,
          ];
        }),
        ["l", "l", "r", "r", "r", "r", "r", "r", "r"],
      ),
      "",
      typeof revokeTimes === "string"
        ? `Sign-out across instances: ${revokeTimes}`
        : `Sign-out across instances (two servers, one PostgreSQL database, the same AUTH_SECRET): after \`POST /api/logout\` answered on A, B's \`GET /api/me\` (cached there) answered 401 after ${revokeTimes.map((t) => fmtMs(t)).join(", ")} (polled back to back).`,
    ].join("\n"),
  );
}
