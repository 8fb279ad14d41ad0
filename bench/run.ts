// Balcão's performance budgets. `npm run bench` builds, then runs this; progress goes to
// stderr and the report (one budgets table, then detail tables) to stdout.
//
// It exits non-zero only when it could not measure something (a crash, a server that would
// not start), never because a budget was missed: the ❌ in the table says that.
//
// Environment:
//   BENCH_DURATION  seconds of each recorded load run (default 10; each has a 2 s warm-up first)
//   BENCH_ONLY      comma-separated measurements to run, default all of them, in this order:
//                   cold (cold start), phone (/login signed out and, signed in, /, 'Minhas
//                   solicitações', 'Caixa de entrada' and a request's page, in turn on a throttled
//                   phone: JavaScript transferred and Largest Contentful Paint, each page's against
//                   the same run's /login; `login-js` is another name for it), me (GET /api/me and
//                   'Minhas solicitações' signed in, sign-out across two instances), upload (a 30 MB PDF upload), list ('Minhas solicitações'
//                   with 10,000 requests), staff-lists (/planejamento/lista with 1,000 plans
//                   and /vagas with 1,000 openings: p99 and statements), caixa ('Caixa de
//                   entrada' with 10,000 open requests: p99 and statements), painel ('Painel'
//                   for a year of 20,000 requests: p99 and statements), live (500 open
//                   GET /api/eventos streams: memory per connection, time to the last of them),
//                   export (the queue's CSV and XLSX export of 20,000 requests: time, RSS growth),
//                   bank (a CNAB 240 remittance of 1,000 payments and an OFX statement of 5,000
//                   entries read and matched, through the server),
//                   scale (500,000 requests of 5,000 people over five years: 'Minhas solicitações',
//                   'Caixa de entrada', 'Buscar' on both and the Painel, p99 on each backend),
//                   time-off ('Férias da equipe' for 5,000 people, 'Quem está fora' with 5,000
//                   absences in a month, on each backend);
//                   e.g. `BENCH_ONLY=upload,list npx tsx bench/run.ts`
// The method, and what each measurement seeds: docs/bench.md.
import { existsSync } from "node:fs";
import os from "node:os";
import { BANK_BUDGET_MS, bankBudget, REMITTANCE_PAYMENTS, STATEMENT_ENTRIES } from "./bank";
import { EXPORT_GROWTH_BUDGET_BYTES, EXPORT_ROWS, exportBudget } from "./export";
import { cleanupAll, log, serverEntry, startBalcao, stopBalcao, webIndex } from "./lib";
import {
  CAIXA_P99_BUDGET_MS,
  caixaBudget,
  LIST_P99_BUDGET_MS,
  listBudget,
  STAFF_LISTS_P99_BUDGET_MS,
  staffListsBudget,
} from "./lists";
import { LIVE_CONNECTIONS, LIVE_P99_BUDGET_MS, LIVE_PER_CONNECTION_BUDGET_BYTES, liveBudget } from "./live";
import { PAINEL_P99_BUDGET_MS, painelBudget } from "./painel";
import { LOGIN_JS_BUDGET_BYTES, phoneBudget } from "./phone";
import { dropCreatedDatabases } from "./postgres";
import {
  budgets,
  couldNotMeasure,
  details,
  fmtInt,
  fmtKb,
  fmtMb,
  fmtMs,
  MB,
  mark,
  measure,
  median,
  table,
} from "./report";
import { SCALE_P99_BUDGET_MS, scaleBudget } from "./scale";
import { ME_SHARE_TARGET, SIGNED_IN_P99_BUDGET_MS, SIGNED_IN_SHARE_TARGET, signedInCalls } from "./signed-in";
import { TEAM_BALANCES_BUDGET_MS, timeOffBudget, WHO_IS_OUT_CONNECTIONS } from "./time-off";
import { UPLOAD_GROWTH_BUDGET_BYTES, uploadBudget } from "./upload";

const COLD_START_RUNS = 5;
/** Decision 024: from the built server's start to /readyz, a fresh DATA_DIR and an existing one. */
const COLD_START_BUDGET_MS = 1_500;
const RESTART_BUDGET_MS = 1_000;
const CONNECTIONS = 50;
const DURATION_S = durationFromEnv(process.env.BENCH_DURATION, 10);
const WARMUP_S = 2;
const BENCH_DATABASE = `balcao_bench_${process.pid}`;
const MEASUREMENTS = [
  "cold",
  "phone",
  "me",
  "upload",
  "list",
  "staff-lists",
  "caixa",
  "painel",
  "live",
  "export",
  "bank",
  "scale",
  "time-off",
] as const;
type Measurement = (typeof MEASUREMENTS)[number];
const ONLY = onlyFromEnv(process.env.BENCH_ONLY);

function durationFromEnv(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new Error(`BENCH_DURATION must be a positive number of seconds (got "${value}")`);
  }
  return seconds;
}

function onlyFromEnv(value: string | undefined): Set<Measurement> {
  if (value === undefined || value.trim() === "") return new Set(MEASUREMENTS);
  // `login-js` was the JavaScript of /login alone; `phone` measures it with the rest.
  const names = value.split(",").map((name) => (name.trim() === "login-js" ? "phone" : name.trim()));
  const unknown = names.filter((name) => !(MEASUREMENTS as readonly string[]).includes(name));
  if (unknown.length) {
    throw new Error(`BENCH_ONLY: unknown ${unknown.join(", ")} (known: ${MEASUREMENTS.join(", ")})`);
  }
  return new Set(names as Measurement[]);
}

// ---- 1. cold start -----------------------------------------------------------------------

/** The `phases` of the server's ready log line (server.ts), e.g. "database 412 · app 190", or "?". */
function startupPhases(output: string): string {
  const line = output.split("\n").find((l) => l.includes('"phases"'));
  if (!line) return "?";
  try {
    const { phases } = JSON.parse(line) as { phases: Record<string, number> };
    return Object.entries(phases)
      .map(([name, ms]) => `${name} ${ms}`)
      .join(" · ");
  } catch {
    return "?";
  }
}

async function coldStart() {
  const runs: {
    readyMs: number;
    restartMs: number;
    stopMs: number;
    exit: string;
    phases: string;
    restartPhases: string;
  }[] = [];
  // The ready line, with its phases, is logged at info.
  const env = { LOG_LEVEL: "info" };
  for (let i = 1; i <= COLD_START_RUNS; i++) {
    log(`cold start ${i}/${COLD_START_RUNS}: spawning the server on a fresh PGlite DATA_DIR`);
    const server = await startBalcao(`cold-${i}`, { env });
    const stopping = performance.now();
    const exit = await stopBalcao(server, { keepDataDir: true });
    const stopMs = performance.now() - stopping;
    // The same DATA_DIR again: what every start after the first costs.
    const again = await startBalcao(`cold-${i}-again`, { dataDir: server.dataDir, env });
    await stopBalcao(again);
    const phases = startupPhases(server.child.output());
    const restartPhases = startupPhases(again.child.output());
    runs.push({ readyMs: server.readyMs, restartMs: again.readyMs, stopMs, exit, phases, restartPhases });
    log(
      `cold start ${i}/${COLD_START_RUNS}: ready in ${fmtMs(server.readyMs)} (${phases}), again in ${fmtMs(again.readyMs)} (${restartPhases}) (stopped: ${exit})`,
    );
  }
  const restarts = runs.map((r) => r.restartMs);
  const restartMedian = median(restarts);
  budgets.push({
    budget: `Start on an existing PGlite DATA_DIR (median of ${COLD_START_RUNS})`,
    measured: `${fmtMs(restartMedian)} (max ${fmtMs(Math.max(...restarts))})`,
    target: `< ${fmtMs(RESTART_BUDGET_MS)}`,
    ok: restartMedian < RESTART_BUDGET_MS,
  });
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
      "Wall time from spawning the start script (`deploy/release/balcao`, which execs `node … dist/server/server.js`; empty DATA_DIR, PGlite) until `GET /readyz` answers 200, polled every 20 ms; then the same on the DATA_DIR it left. " +
        "`npm start` adds npm's own start and `scripts/ensure-built.mjs` (a few existence checks) before this. Where the time goes inside the process is in the server's ready log line (`phases`: lock, template, modules, database, migrations, app, listen, in ms; modules, database, migrations and app overlap, see docs/decisions/024-start-path.md), copied into the table.",
      "",
      table(
        [
          "Run",
          "Ready after (fresh)",
          "Ready after (existing)",
          "Shutdown after SIGTERM",
          "Exit",
          "Phases, ms (fresh)",
          "Phases, ms (existing)",
        ],
        [
          ...runs.map((r, i) => [
            String(i + 1),
            fmtMs(r.readyMs),
            fmtMs(r.restartMs),
            fmtMs(r.stopMs),
            r.exit,
            r.phases,
            r.restartPhases,
          ]),
          ["**median**", `**${fmtMs(med)}**`, `**${fmtMs(restartMedian)}**`, "", "", "", ""],
          ["**max**", `**${fmtMs(max)}**`, `**${fmtMs(Math.max(...restarts))}**`, "", "", "", ""],
        ],
        ["l", "r", "r", "r", "l", "l", "l"],
      ),
    ].join("\n"),
  );
}

// ---- main --------------------------------------------------------------------------------

async function cleanup() {
  await cleanupAll();
  await dropCreatedDatabases();
}

async function main(): Promise<number> {
  if (!existsSync(serverEntry)) {
    throw new Error(
      "dist/server/server.js not found: run `npm run build` (or `node scripts/build-server.mjs`)",
    );
  }
  const startedAt = performance.now();
  const loadBefore = os.loadavg()[0]!;

  if (ONLY.size < MEASUREMENTS.length) log(`BENCH_ONLY: ${[...ONLY].join(", ")}`);

  if (ONLY.has("cold")) {
    const coldBudget = `Cold start, fresh PGlite (median of ${COLD_START_RUNS})`;
    await measure("Cold start", coldBudget, `< ${fmtMs(COLD_START_BUDGET_MS)}`, coldStart);
  }

  if (ONLY.has("phone")) {
    if (!existsSync(webIndex)) throw new Error("dist/web/index.html not found: run `npm run build`");
    const phoneName = "JavaScript for /login on a phone (transferred)";
    await measure("The first page on a phone", phoneName, `< ${fmtKb(LOGIN_JS_BUDGET_BYTES)}`, phoneBudget);
  }

  if (ONLY.has("me")) {
    const meBudget = `Signed-in calls (${CONNECTIONS} conns, ${DURATION_S} s)`;
    const meTarget = `≥ ${100 * ME_SHARE_TARGET} % (/api/me), ${100 * SIGNED_IN_SHARE_TARGET} % of bare · p99 < ${SIGNED_IN_P99_BUDGET_MS} ms`;
    await measure("Signed-in calls", meBudget, meTarget, () =>
      signedInCalls({
        connections: CONNECTIONS,
        duration: DURATION_S,
        warmup: WARMUP_S,
        database: BENCH_DATABASE,
      }),
    );
  }

  if (ONLY.has("upload")) {
    const uploadBudgetName = "Upload of a 30 MB PDF: server peak memory growth";
    const uploadTarget = `< ${UPLOAD_GROWTH_BUDGET_BYTES / MB} MB`;
    await measure("Upload of a 30 MB PDF", uploadBudgetName, uploadTarget, () =>
      uploadBudget(uploadBudgetName, uploadTarget),
    );
  }

  if (ONLY.has("list")) {
    const listBudgetName = "'Minhas solicitações' first page, 10,000 requests: p99";
    const listTarget = `< ${fmtMs(LIST_P99_BUDGET_MS)}`;
    await measure("'Minhas solicitações' with 10,000 requests", listBudgetName, listTarget, () =>
      listBudget(listBudgetName, listTarget, { duration: DURATION_S, warmup: WARMUP_S }),
    );
  }

  if (ONLY.has("staff-lists")) {
    const names = {
      plans: "/planejamento/lista, 1,000 plans: p99",
      jobOpenings: "/vagas, 1,000 openings: p99",
      roundTrips: "/planejamento/lista and /vagas: database statements per request",
    };
    const staffTarget = `< ${fmtMs(STAFF_LISTS_P99_BUDGET_MS)}`;
    await measure("Staff lists: /planejamento/lista and /vagas", names.plans, staffTarget, () =>
      staffListsBudget(names, staffTarget, { duration: DURATION_S, warmup: WARMUP_S }),
    );
  }

  if (ONLY.has("caixa")) {
    const names = {
      p99: "'Caixa de entrada' first page, 10,000 open requests: p99",
      statements: "'Caixa de entrada': database statements per page",
    };
    const caixaTarget = `< ${fmtMs(CAIXA_P99_BUDGET_MS)}`;
    await measure("'Caixa de entrada' with 10,000 open requests", names.p99, caixaTarget, () =>
      caixaBudget(names, caixaTarget, { duration: DURATION_S, warmup: WARMUP_S }),
    );
  }

  if (ONLY.has("painel")) {
    const names = {
      p99: "'Painel', a year of 20,000 requests: p99",
      statements: "'Painel': database statements per answer",
    };
    const painelTarget = `< ${fmtMs(PAINEL_P99_BUDGET_MS)}`;
    await measure("'Painel' with a year of 20,000 requests", names.p99, painelTarget, () =>
      painelBudget(names, painelTarget, { duration: DURATION_S, warmup: WARMUP_S }),
    );
  }

  if (ONLY.has("live")) {
    const names = {
      memory: `${LIVE_CONNECTIONS} live connections (GET /api/eventos): memory per connection`,
      latency: `${LIVE_CONNECTIONS} live connections: state change to the last of them, p99`,
    };
    const memoryTarget = `< ${fmtKb(LIVE_PER_CONNECTION_BUDGET_BYTES)}`;
    await measure(`${LIVE_CONNECTIONS} live connections`, names.memory, memoryTarget, () =>
      liveBudget(names, { memory: memoryTarget, latency: `< ${fmtMs(LIVE_P99_BUDGET_MS)}` }),
    );
  }

  if (ONLY.has("export")) {
    const name = `Export of ${fmtInt(EXPORT_ROWS)} requests as CSV: time, server's peak RSS growth`;
    await measure(
      `Export of ${fmtInt(EXPORT_ROWS)} requests`,
      name,
      `< ${fmtMb(EXPORT_GROWTH_BUDGET_BYTES)}`,
      () => exportBudget(),
    );
  }

  if (ONLY.has("bank")) {
    const names = {
      remittance: `'Gerar arquivo para o banco' with ${fmtInt(REMITTANCE_PAYMENTS)} payments: median time`,
      statement: `'Conciliar extrato' of ${fmtInt(STATEMENT_ENTRIES)} entries: median time`,
    };
    await measure("The bank's files", names.remittance, `< ${fmtMs(BANK_BUDGET_MS)}`, () =>
      bankBudget(names),
    );
  }

  if (ONLY.has("scale")) {
    const name = "Scale 500k: 'Minhas solicitações' p99 [pglite]";
    await measure("Scale: 500,000 requests", name, `< ${fmtMs(SCALE_P99_BUDGET_MS)}`, () =>
      scaleBudget({ duration: DURATION_S, warmup: WARMUP_S }),
    );
  }

  if (ONLY.has("time-off")) {
    const names = {
      team: "'Férias da equipe', 5,000 people: p99 of 20 calls",
      whoIsOut: `'Quem está fora', 5,000 absences in the month: p99 (${WHO_IS_OUT_CONNECTIONS} conns)`,
    };
    await measure("Time off", names.team, `< ${fmtMs(TEAM_BALANCES_BUDGET_MS)}`, () =>
      timeOffBudget(names, { duration: DURATION_S, warmup: WARMUP_S }),
    );
  }

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
  return couldNotMeasure() ? 1 : 0;
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
