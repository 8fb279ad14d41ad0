// Budget (decision 011): 500 live connections (GET /api/eventos, server-sent events) held by one
// instance: the memory each one costs, and the time from a state change ('Assumir' on a request
// the listeners' team handles) to the last of the 500 receiving its `request` event.
import http from "node:http";
import path from "node:path";
import { MAX_STREAMS_PER_PERSON } from "../src/server/live/open-streams";
import { type Person, seedPeople, seedRequests, seedReviewTeam } from "../src/server/testing/seed";
import { type BalcaoServer, log, projectRoot, sleep } from "./lib";
import { budgets, details, fmtInt, fmtKb, fmtMb, fmtMs, median, table } from "./report";
import { runScenario, type Setup } from "./scenario";

/** BENCH_LIVE_CONNECTIONS changes it, for trying the measurement out; the budget is for 500. */
export const LIVE_CONNECTIONS = Number(process.env.BENCH_LIVE_CONNECTIONS || 500);
export const LIVE_P99_BUDGET_MS = 1_000;
/** Ours (decision 011 sets none): 500 connections in under 32 MB. */
export const LIVE_PER_CONNECTION_BUDGET_BYTES = 64 * 1024;
/** People behind the connections: as many tabs each as one person may hold open (docs/decisions/030). */
const LISTENERS = Math.ceil(LIVE_CONNECTIONS / MAX_STREAMS_PER_PERSON);
/** State changes timed, one after another. */
const CHANGES = 50;
const PER_KIND = CHANGES / 5;

// ---- the server's memory -----------------------------------------------------------------

type Memory = { rss: number; heapUsed: number; external: number };

/** Asks the server (started with bench/memory-probe.mjs) for its memory after a garbage collection. */
function memoryOf(server: BalcaoServer): Promise<Memory> {
  const stderr = server.child.proc.stderr!;
  return new Promise((resolve, reject) => {
    let pending = "";
    const timer = setTimeout(
      () => done(new Error("the server did not report its memory (memory probe)")),
      10_000,
    );
    const onData = (chunk: Buffer) => {
      pending += chunk.toString("utf8");
      const line = /\[memory\] (\{.*\})\n/.exec(pending)?.[1];
      if (line) done(null, JSON.parse(line) as Memory);
    };
    function done(err: Error | null, memory?: Memory) {
      clearTimeout(timer);
      stderr.off("data", onData);
      if (err) reject(err);
      else resolve(memory!);
    }
    stderr.on("data", onData);
    server.child.proc.kill("SIGWINCH");
  });
}

// ---- the streams -------------------------------------------------------------------------

type Stream = {
  /** When each request's `request` event arrived (performance.now()), by request id. */
  received: Map<string, number>;
  close(): void;
};

/** Opens GET /api/eventos on a connection of its own; resolves once the stream has begun. */
function openStream(baseUrl: string, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const received = new Map<string, number>();
    const req = http.get(`${baseUrl}/api/eventos`, { agent: false, headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`GET /api/eventos answered ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding("utf8");
      let pending = "";
      let begun = false;
      res.on("data", (chunk: string) => {
        const now = performance.now();
        pending += chunk;
        const blocks = pending.split("\n\n");
        pending = blocks.pop()!;
        for (const block of blocks) {
          if (!begun) {
            begun = true;
            resolve({ received, close: () => req.destroy() });
          }
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event === "request" && data) received.set((JSON.parse(data) as { id: string }).id, now);
        }
      });
    });
    req.on("error", reject);
  });
}

// ---- the measurement ---------------------------------------------------------------------

type Seeded = { requests: { kind: string; id: string }[] };

const setup: Setup<Seeded> = {
  name: "live",
  users: ["reviewer", ...Array.from({ length: LISTENERS }, (_, i) => `listener${i + 1}`)],
  tables: [],
  nodeArgs: ["--expose-gc", "--import", path.join(projectRoot, "bench", "memory-probe.mjs")],
  async seed(db, users) {
    const emails = Object.values(users).map((u) => u.email);
    await seedReviewTeam(db, "Mesa de revisão", emails);
    const [requester] = (await seedPeople(db, "solicitante", 1)) as [Person];
    return {
      requests: await seedRequests(db, {
        owners: [{ person: requester, offsetMinutes: 0 }],
        perKind: PER_KIND,
        everyMinutes: 5,
      }),
    };
  },
};

type Measured = {
  before: Memory;
  after: Memory;
  openMs: number;
  /** Per state change: from sending the action to the last stream's event; the action's own answer. */
  lastMs: number[];
  actionMs: number[];
  missed: number;
};

async function measure(
  server: BalcaoServer,
  cookies: { reviewer: string; listeners: string[] },
  requests: Seeded["requests"],
) {
  // One stream opened and closed first, so the route's first-use costs are not counted per connection.
  (await openStream(server.baseUrl, cookies.listeners[0]!)).close();
  await sleep(500);
  const before = await memoryOf(server);
  log(`live: opening ${LIVE_CONNECTIONS} streams`);
  const opening = performance.now();
  const streams: Stream[] = [];
  try {
    for (let i = 0; i < LIVE_CONNECTIONS; i += 50) {
      const batch = Array.from({ length: Math.min(50, LIVE_CONNECTIONS - i) }, (_, j) =>
        openStream(server.baseUrl, cookies.listeners[(i + j) % cookies.listeners.length]!),
      );
      streams.push(...(await Promise.all(batch)));
    }
    const openMs = performance.now() - opening;
    await sleep(1_000);
    const after = await memoryOf(server);

    log(`live: ${CHANGES} state changes, each to ${LIVE_CONNECTIONS} streams`);
    const lastMs: number[] = [];
    const actionMs: number[] = [];
    let missed = 0;
    for (const request of requests) {
      const sent = performance.now();
      const response = await fetch(`${server.baseUrl}/api/solicitacoes/${request.kind}/${request.id}/acoes`, {
        method: "POST",
        headers: { cookie: cookies.reviewer, "content-type": "application/json" },
        body: JSON.stringify({ acao: "assumir" }),
      });
      actionMs.push(performance.now() - sent);
      if (response.status !== 200) {
        throw new Error(
          `'assumir' of ${request.kind} ${request.id} answered ${response.status}: ${await response.text()}`,
        );
      }
      await response.arrayBuffer();
      const deadline = sent + 10_000;
      while (streams.some((s) => !s.received.has(request.id)) && performance.now() < deadline) await sleep(5);
      const times = streams.map((s) => s.received.get(request.id));
      missed += times.filter((t) => t === undefined).length;
      lastMs.push(Math.max(...times.map((t) => t ?? deadline)) - sent);
    }
    return { before, after, openMs, lastMs, actionMs, missed } satisfies Measured;
  } finally {
    for (const stream of streams) stream.close();
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export async function liveBudget(
  names: { memory: string; latency: string },
  targets: { memory: string; latency: string },
) {
  const { measured: m } = await runScenario(
    "PGlite",
    setup,
    async ({ server, users, seeded }) => {
      const listeners = Object.entries(users)
        .filter(([role]) => role.startsWith("listener"))
        .map(([, u]) => u.cookie);
      return measure(server, { reviewer: users.reviewer!.cookie, listeners }, seeded.requests);
    },
    async () => undefined,
  );
  const perConnection = (field: keyof Memory) => (m.after[field] - m.before[field]) / LIVE_CONNECTIONS;
  const p99 = percentile(m.lastMs, 99);
  budgets.push({
    budget: names.memory,
    measured: `${fmtKb(perConnection("rss"))} RSS (heap ${fmtKb(perConnection("heapUsed"))})`,
    target: targets.memory,
    ok: perConnection("rss") < LIVE_PER_CONNECTION_BUDGET_BYTES,
  });
  budgets.push({
    budget: names.latency,
    measured: `${fmtMs(p99)} (median ${fmtMs(median(m.lastMs))})${m.missed ? ` — ${fmtInt(m.missed)} events missed` : ""}`,
    target: targets.latency,
    ok: m.missed === 0 && p99 < LIVE_P99_BUDGET_MS,
  });
  const row = (name: string, values: number[]) => [
    name,
    fmtMs(median(values)),
    `**${fmtMs(percentile(values, 99))}**`,
    fmtMs(Math.max(...values)),
  ];
  details.push(
    [
      `### ${LIVE_CONNECTIONS} live connections on one instance`,
      "",
      `One server on PGlite; ${fmtInt(LIVE_CONNECTIONS)} \`GET /api/eventos\` streams of ${LISTENERS} members of a team ` +
        `that handles every kind, opened in ${fmtMs(m.openMs)}. Memory is the server's own report after a garbage ` +
        `collection (bench/memory-probe.mjs), before and after opening them. Then ${CHANGES} times, one after another, ` +
        "another member takes ('Assumir') a request of the team: the time runs from sending the action to the moment " +
        "the last of the streams has its `request` event. Method: [docs/bench.md](../docs/bench.md).",
      "",
      table(
        ["Memory", "Before", "With the streams", "Per connection"],
        (["rss", "heapUsed", "external"] as const).map((field) => [
          field,
          fmtMb(m.before[field]),
          fmtMb(m.after[field]),
          fmtKb(perConnection(field)),
        ]),
        ["l", "r", "r", "r"],
      ),
      "",
      table(
        ["Time", "Median", "p99", "max"],
        [row("State change → the last stream's event", m.lastMs), row("The action's answer", m.actionMs)],
        ["l", "r", "r", "r"],
      ),
      ...(m.missed ? ["", `⚠️ ${fmtInt(m.missed)} events did not arrive within 10 s.`] : []),
    ].join("\n"),
  );
}
