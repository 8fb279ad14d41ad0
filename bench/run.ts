// Balcão's performance budgets. `npm run bench` builds, then runs this; progress goes to
// stderr and the report (one budgets table, then detail tables) to stdout.
//
// It exits non-zero only when it could not measure something (a crash, a server that would
// not start), never because a budget was missed: the ❌ in the table says that.
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import {
  cleanupAll,
  errorMessage,
  freePort,
  log,
  projectRoot,
  serverEntry,
  signIn,
  startBalcao,
  startChild,
  stopBalcao,
  stopChild,
  waitFor200,
  webIndex,
} from "./lib";
import { type LoadResult, load } from "./load";
import { measurePageScripts } from "./web-js";

const COLD_START_RUNS = 5;
const COLD_START_BUDGET_MS = 3_000;
const LOGIN_JS_BUDGET_BYTES = 150 * 1024;
const CONNECTIONS = 50;
const DURATION_S = durationFromEnv(process.env.BENCH_DURATION, 10);
const WARMUP_S = 2;
const POSTGRES_URL = "postgres://postgres@127.0.0.1:5432";
const BENCH_DATABASE = `balcao_bench_${process.pid}`;

type Budget = { budget: string; measured: string; target: string; ok: boolean };
const budgets: Budget[] = [];
const details: string[] = [];
let couldNotMeasure = false;
let databaseCreated = false;

function durationFromEnv(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new Error(`BENCH_DURATION must be a positive number of seconds (got "${value}")`);
  }
  return seconds;
}

// ---- formatting --------------------------------------------------------------------------

const fmtMs = (ms: number) => (ms < 1_000 ? `${Math.round(ms)} ms` : `${(ms / 1_000).toFixed(2)} s`);
const fmtKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const fmtInt = (n: number) => Math.round(n).toLocaleString("en-US");
const mark = (ok: boolean) => (ok ? "✅" : "❌");

function table(header: string[], rows: string[][], align: ("l" | "r")[] = []): string {
  const rule = header.map((_, i) => (align[i] === "r" ? "---:" : "---"));
  return [header, rule, ...rows].map((cells) => `| ${cells.join(" | ")} |`).join("\n");
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs one measurement; if it throws, records ❌ with the reason and carries on with the next. */
async function measure(title: string, budget: string, target: string, fn: () => Promise<void>) {
  try {
    await fn();
  } catch (err) {
    couldNotMeasure = true;
    log(`${title}: could not measure: ${errorMessage(err)}`);
    budgets.push({ budget, measured: `error: ${errorMessage(err).split("\n")[0]}`, target, ok: false });
    details.push(`### ${title}\n\nCould not measure:\n\n\`\`\`\n${errorMessage(err)}\n\`\`\``);
  }
}

// ---- 1. cold start -----------------------------------------------------------------------

async function coldStart() {
  const runs: { readyMs: number; stopMs: number; exit: string }[] = [];
  for (let i = 1; i <= COLD_START_RUNS; i++) {
    log(`cold start ${i}/${COLD_START_RUNS}: spawning the server on a fresh PGlite DATA_DIR`);
    const server = await startBalcao(`cold-${i}`);
    const stopping = performance.now();
    const exit = await stopBalcao(server);
    runs.push({ readyMs: server.readyMs, stopMs: performance.now() - stopping, exit });
    log(`cold start ${i}/${COLD_START_RUNS}: ready in ${fmtMs(server.readyMs)} (stopped: ${exit})`);
  }
  const ready = runs.map((r) => r.readyMs);
  const med = median(ready);
  const max = Math.max(...ready);
  budgets.push({
    budget: `Cold start, fresh PGlite (median of ${COLD_START_RUNS})`,
    measured: `${fmtMs(med)} (max ${fmtMs(max)})`,
    target: `< ${fmtMs(COLD_START_BUDGET_MS)}`,
    ok: med < COLD_START_BUDGET_MS,
  });
  details.push(
    [
      "### Cold start",
      "",
      "Wall time from spawning `node dist/server/server.js` (empty DATA_DIR, PGlite) until `GET /readyz` answers 200, polled every 20 ms.",
      "",
      table(
        ["Run", "Ready after", "Shutdown after SIGTERM", "Exit"],
        [
          ...runs.map((r, i) => [String(i + 1), fmtMs(r.readyMs), fmtMs(r.stopMs), r.exit]),
          ["**median**", `**${fmtMs(med)}**`, "", ""],
          ["**max**", `**${fmtMs(max)}**`, "", ""],
        ],
        ["l", "r", "r", "l"],
      ),
    ].join("\n"),
  );
}

// ---- 2. JavaScript for /login ------------------------------------------------------------

async function loginJavaScript(budget: string, target: string) {
  if (!existsSync(webIndex)) {
    log("/login JavaScript: the web build is missing (dist/web/index.html not found); skipping");
    budgets.push({ budget, measured: "web build missing", target, ok: false });
    details.push(
      "### JavaScript for /login\n\nThe web build is missing: `dist/web/index.html` was not found (run `npx vite build`).",
    );
    return;
  }
  log("/login JavaScript: starting a server and loading /login?nosplash in Chromium");
  const server = await startBalcao("login-js");
  let page: Awaited<ReturnType<typeof measurePageScripts>>;
  try {
    page = await measurePageScripts(`${server.baseUrl}/login?nosplash`);
  } finally {
    await stopBalcao(server);
  }
  const raw = page.files.reduce((sum, f) => sum + f.raw, 0);
  const gzip = page.files.reduce((sum, f) => sum + f.gzip, 0);
  const problems = [
    page.status !== 200 ? `/login answered ${page.status}` : "",
    page.files.length === 0 ? "no same-origin scripts were loaded" : "",
  ].filter(Boolean);
  log(`/login JavaScript: ${page.files.length} scripts, ${fmtKb(gzip)} gzip`);
  budgets.push({
    budget,
    measured: `${fmtKb(gzip)} (${page.files.length} files)${problems.length ? ` — ${problems.join("; ")}` : ""}`,
    target,
    ok: problems.length === 0 && gzip < LOGIN_JS_BUDGET_BYTES,
  });
  details.push(
    [
      "### JavaScript for /login",
      "",
      "Same-origin script and modulepreload responses of a first visit to `/login?nosplash` (Chromium, network idle); gzip is each body compressed with gzip -9.",
      "",
      table(
        ["File", "Raw", "Gzip"],
        [
          ...page.files.map((f) => [`\`${f.path}\``, fmtKb(f.raw), fmtKb(f.gzip)]),
          ["**total**", `**${fmtKb(raw)}**`, `**${fmtKb(gzip)}**`],
        ],
        ["l", "r", "r"],
      ),
    ].join("\n"),
  );
}

// ---- 3. GET /api/me throughput -----------------------------------------------------------

type Target = { name: string; path: string; result?: LoadResult; error?: string };

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: `${POSTGRES_URL}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function dropBenchDatabase() {
  await adminQuery(`drop database if exists ${BENCH_DATABASE} with (force)`);
  databaseCreated = false;
}

function loadOptions(cookie?: string) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  return { connections: CONNECTIONS, duration: DURATION_S, warmup: WARMUP_S, headers };
}

async function loadBalcao(name: string, databaseUrl?: string): Promise<LoadResult> {
  const server = await startBalcao(name, databaseUrl ? { databaseUrl } : {});
  try {
    const cookie = await signIn(server.baseUrl);
    return await load(`${server.baseUrl}/api/me`, loadOptions(cookie));
  } finally {
    await stopBalcao(server);
  }
}

async function loadBare(): Promise<LoadResult> {
  const port = await freePort();
  const child = startChild(
    "bare-server",
    process.execPath,
    ["--import", "tsx", path.join(projectRoot, "bench", "bare-server.ts")],
    { ...process.env, PORT: String(port) },
  );
  try {
    const url = `http://127.0.0.1:${port}/bare`;
    await waitFor200(child, url);
    return await load(url, loadOptions());
  } finally {
    await stopChild(child);
  }
}

async function throughput(budget: string, target: string) {
  const targets: Target[] = [];
  const run = async (name: string, urlPath: string, fn: () => Promise<LoadResult>) => {
    log(`throughput: ${name}: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s`);
    try {
      const result = await fn();
      targets.push({ name, path: urlPath, result });
      log(`throughput: ${name}: ${fmtInt(result.requestsPerSecond)} req/s, p99 ${result.p99Ms} ms`);
    } catch (err) {
      couldNotMeasure = true;
      log(`throughput: ${name}: could not measure: ${errorMessage(err)}`);
      targets.push({ name, path: urlPath, error: errorMessage(err) });
    }
  };

  await run("Balcão on PGlite", "/api/me", () => loadBalcao("me-pglite"));
  await run("Balcão on PostgreSQL", "/api/me", async () => {
    await dropBenchDatabase();
    await adminQuery(`create database ${BENCH_DATABASE}`);
    databaseCreated = true;
    try {
      return await loadBalcao("me-postgres", `${POSTGRES_URL}/${BENCH_DATABASE}`);
    } finally {
      await dropBenchDatabase();
    }
  });
  await run("Bare Fastify route (ceiling)", "/bare", loadBare);

  const ceiling = targets.at(-1)?.result?.requestsPerSecond;
  const short = (t: Target) => t.name.replace("Balcão on ", "").replace(/Bare Fastify route.*/, "bare");
  const clean = (r: LoadResult) => r.non2xx === 0 && r.errors === 0 && r.timeouts === 0;
  const flags = targets.filter((t) => !t.result || !clean(t.result));
  budgets.push({
    budget,
    measured:
      targets
        .map((t) => `${short(t)} ${t.result ? `${fmtInt(t.result.requestsPerSecond)} req/s` : "error"}`)
        .join(" · ") + (flags.length ? ` — check: ${flags.map(short).join(", ")}` : "; non-2xx 0"),
    target,
    ok: flags.length === 0,
  });

  const rows = targets.map((t) => {
    const r = t.result;
    if (!r) return [t.name, `\`${t.path}\``, `error: ${t.error?.split("\n")[0]}`, "", "", "", "", ""];
    const bad = (n: number) => (n === 0 ? "0" : `**${fmtInt(n)}** ⚠️`);
    return [
      t.name,
      `\`${t.path}\``,
      fmtInt(r.requestsPerSecond),
      `${r.p99Ms} ms`,
      ceiling ? `${Math.round((100 * r.requestsPerSecond) / ceiling)}%` : "–",
      fmtInt(r.total),
      bad(r.non2xx),
      `${bad(r.errors)} / ${bad(r.timeouts)}`,
    ];
  });
  const lines = [
    "### GET /api/me throughput",
    "",
    `autocannon, ${CONNECTIONS} connections, ${DURATION_S} s (after an unrecorded ${WARMUP_S} s warm-up), with a signed-in session cookie; each server runs in its own process.`,
    "",
    table(
      [
        "Target",
        "Route",
        "Requests/s (avg)",
        "p99 latency",
        "Of ceiling",
        "Requests",
        "Non-2xx",
        "Errors / timeouts",
      ],
      rows,
      ["l", "l", "r", "r", "r", "r", "r", "r"],
    ),
  ];
  for (const t of flags) {
    lines.push("", `⚠️ ${t.name}: ${t.result ? `status codes ${t.result.statusCodes}` : t.error}`);
  }
  details.push(lines.join("\n"));
}

// ---- main --------------------------------------------------------------------------------

async function cleanup() {
  await cleanupAll();
  if (databaseCreated) {
    await dropBenchDatabase().catch((err) => log(`could not drop ${BENCH_DATABASE}: ${errorMessage(err)}`));
  }
}

async function main(): Promise<number> {
  if (!existsSync(serverEntry)) {
    throw new Error(
      "dist/server/server.js not found: run `npm run build` (or `node scripts/build-server.mjs`)",
    );
  }
  const startedAt = performance.now();
  const loadBefore = os.loadavg()[0]!;

  const coldBudget = `Cold start, fresh PGlite (median of ${COLD_START_RUNS})`;
  await measure("Cold start", coldBudget, `< ${fmtMs(COLD_START_BUDGET_MS)}`, coldStart);

  const jsBudget = "JavaScript for /login (gzip)";
  const jsTarget = `< ${fmtKb(LOGIN_JS_BUDGET_BYTES)}`;
  await measure("JavaScript for /login", jsBudget, jsTarget, () => loginJavaScript(jsBudget, jsTarget));

  const meBudget = `GET /api/me throughput (${CONNECTIONS} conns, ${DURATION_S} s)`;
  const meTarget = "informational (ceiling = bare route); non-2xx = 0";
  await measure("GET /api/me throughput", meBudget, meTarget, () => throughput(meBudget, meTarget));

  const elapsed = fmtMs(performance.now() - startedAt);
  log(`done in ${elapsed}`);
  const report = [
    "## Balcão performance budgets",
    "",
    `Node ${process.version}, ${os.cpus().length} cores, ${os.platform()}; run took ${elapsed}; ` +
      `1-min load average ${loadBefore.toFixed(2)} at start, ${os.loadavg()[0]!.toFixed(2)} at end ` +
      "(other work on the machine skews these numbers).",
    "",
    table(
      ["Budget", "Measured", "Target", "Result"],
      budgets.map((b) => [b.budget, b.measured, b.target, mark(b.ok)]),
    ),
    "",
    ...details.flatMap((d) => [d, ""]),
  ];
  process.stdout.write(`\n${report.join("\n")}`);
  return couldNotMeasure ? 1 : 0;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping the servers and removing temp dirs`);
    cleanup().finally(() => process.exit(130));
  });
}

main()
  .catch((err) => {
    console.error("bench: crashed:", err);
    return 1;
  })
  .then(async (code) => {
    await cleanup();
    process.exitCode = code;
    // Nothing should keep the loop alive now; if something does, do not hang.
    setTimeout(() => process.exit(), 5_000).unref();
  });
