// The time-off budgets (docs/decisions/060), on PGlite and on PostgreSQL through the scenario
// runner: RH's 'Férias da equipe' (GET /api/ferias/equipe) for 5,000 people with admission dates
// and a few 'Férias' each, under 1 s; and 'Quem está fora' (GET /api/ausencias?mes=) for a month
// with 5,000 approved absences, p99 under 50 ms with a few connections at once. What is seeded:
// bench/time-off-seed.ts; the method: docs/bench.md.
import { todayInSaoPaulo } from "@/domain/dates";
import { errorMessage, log } from "./lib";
import { type LoadResult, load } from "./load";
import { budgets, details, fmtInt, fmtKb, fmtMs, median, noteCouldNotMeasure, table } from "./report";
import { BACKENDS, type Backend, clean, type Running, runScenario, type Setup } from "./scenario";
import { OTHER_REQUESTS, seedTimeOff, TIME_OFF_PEOPLE } from "./time-off-seed";

export const TEAM_BALANCES_BUDGET_MS = 1_000;
export const WHO_IS_OUT_P99_BUDGET_MS = 50;
/** Calls of 'Férias da equipe' measured one after another, after one unmeasured. */
const TEAM_CALLS = 20;
/** 'Quem está fora' is opened by anyone at any time: a few at once. */
export const WHO_IS_OUT_CONNECTIONS = 4;

type Seeded = { absences: number; vacations: number; month: string };

type Run = {
  team: number[];
  teamBytes: number;
  people: number;
  overlaps: number;
  notices: number;
  whoIsOut: LoadResult;
  /** The same over one connection: a request's own latency, without the others'. */
  whoIsOutAlone: LoadResult;
  whoIsOutBytes: number;
  inMonth: number;
  holidays: number;
  seeded: Seeded;
  seedMs: number;
};

const setup: Setup<Seeded> = {
  name: "time-off",
  users: ["hr"],
  tables: ["users", "teams", "team_members", "requests", "dados_funcionais", "faltas_injustificadas"],
  async seed(db, users) {
    const today = todayInSaoPaulo();
    const month = today.slice(0, 7);
    return { ...(await seedTimeOff(db, { hrEmail: users.hr!.email, today, month })), month };
  },
};

/** The nearest-rank percentile of a few timings. */
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)]!;

async function getJson(url: string, cookie: string) {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200)
    throw new Error(`GET ${new URL(url).pathname} answered ${response.status}: ${text}`);
  return { ms, bytes: Buffer.byteLength(text), body: JSON.parse(text) as Record<string, unknown[]> };
}

async function measureTimeOff(running: Running<Seeded>, options: { duration: number; warmup: number }) {
  const { server, users, seeded, seedMs } = running;
  const cookie = users.hr!.cookie;
  const teamUrl = `${server.baseUrl}/api/ferias/equipe`;
  const first = await getJson(teamUrl, cookie);
  const people = first.body.pessoas!.length;
  if (people < TIME_OFF_PEOPLE)
    throw new Error(`'Férias da equipe' lists ${people} people, not ${TIME_OFF_PEOPLE}`);
  const team: number[] = [];
  for (let i = 0; i < TEAM_CALLS; i++) team.push((await getJson(teamUrl, cookie)).ms);

  const path = `/api/ausencias?mes=${seeded.month}`;
  const month = await getJson(`${server.baseUrl}${path}`, cookie);
  const inMonth = month.body.ausencias!.length;
  if (inMonth < TIME_OFF_PEOPLE)
    throw new Error(`'Quem está fora' shows ${inMonth} absences in ${seeded.month}, not ${TIME_OFF_PEOPLE}`);
  const loadOver = (connections: number) =>
    load(`${server.baseUrl}${path}`, { connections, ...options, headers: { cookie } });
  const whoIsOut = await loadOver(WHO_IS_OUT_CONNECTIONS);
  const whoIsOutAlone = await loadOver(1);
  return {
    team,
    teamBytes: first.bytes,
    people,
    overlaps: first.body.sobreposicoes!.length,
    notices: first.body.avisos!.length,
    whoIsOut,
    whoIsOutAlone,
    whoIsOutBytes: month.bytes,
    inMonth,
    holidays: month.body.feriados!.length,
    seeded,
    seedMs,
  } satisfies Run;
}

async function runBackends(options: { duration: number; warmup: number }) {
  const results: Partial<Record<Backend, Run>> = {};
  const errors: Partial<Record<Backend, string>> = {};
  for (const backend of BACKENDS) {
    try {
      const { measured } = await runScenario(
        backend,
        setup,
        async (running) => {
          try {
            return await measureTimeOff(running, options);
          } catch (err) {
            const last = running.server.child.output().split("\n").slice(-15).join("\n");
            throw new Error(`${errorMessage(err)}; the server's last lines:\n${last}`);
          }
        },
        async () => undefined,
      );
      results[backend] = measured;
      log(
        `time-off: ${backend}: 'Férias da equipe' median ${fmtMs(median(measured.team))}, p99 ${fmtMs(percentile(measured.team, 99))}; ` +
          `'Quem está fora' p50 ${fmtMs(measured.whoIsOut.p50Ms)}, p99 ${fmtMs(measured.whoIsOut.p99Ms)}`,
      );
    } catch (err) {
      errors[backend] = errorMessage(err);
      log(`time-off: ${backend}: could not measure: ${errors[backend]}`);
      noteCouldNotMeasure();
    }
  }
  return { results, errors };
}

export async function timeOffBudget(
  names: { team: string; whoIsOut: string },
  options: { duration: number; warmup: number },
) {
  const { results, errors } = await runBackends(options);
  const cell = (b: Backend, text: (run: Run) => string) =>
    results[b] ? `${b} ${text(results[b])}` : `${b}: ${errors[b]?.split("\n")[0] ?? "not measured"}`;
  budgets.push({
    budget: names.team,
    measured: BACKENDS.map((b) =>
      cell(b, (r) => `${fmtMs(percentile(r.team, 99))} (median ${fmtMs(median(r.team))})`),
    ).join(" · "),
    target: `< ${fmtMs(TEAM_BALANCES_BUDGET_MS)}`,
    ok: BACKENDS.every((b) => results[b] && percentile(results[b].team, 99) < TEAM_BALANCES_BUDGET_MS),
  });
  const dirty = BACKENDS.filter((b) => results[b] && !clean(results[b].whoIsOut));
  budgets.push({
    budget: names.whoIsOut,
    measured:
      BACKENDS.map((b) => cell(b, (r) => fmtMs(r.whoIsOut.p99Ms))).join(" · ") +
      (dirty.length ? ` — non-2xx/errors: ${dirty.join(", ")}` : ""),
    target: `< ${fmtMs(WHO_IS_OUT_P99_BUDGET_MS)}`,
    ok: BACKENDS.every(
      (b) => results[b] && clean(results[b].whoIsOut) && results[b].whoIsOut.p99Ms < WHO_IS_OUT_P99_BUDGET_MS,
    ),
  });
  details.push(timeOffDetails(results, errors));
}

function timeOffDetails(results: Partial<Record<Backend, Run>>, errors: Partial<Record<Backend, string>>) {
  const rows = BACKENDS.map((b) => {
    const r = results[b];
    if (!r) return [b, `error: ${errors[b]?.split("\n")[0] ?? "not measured"}`, ...Array(12).fill("")];
    const w = r.whoIsOut;
    return [
      b,
      fmtMs(median(r.team)),
      `**${fmtMs(percentile(r.team, 99))}**`,
      fmtKb(r.teamBytes),
      `${fmtInt(r.people)} / ${fmtInt(r.overlaps)} / ${fmtInt(r.notices)}`,
      fmtMs(w.p50Ms),
      `**${fmtMs(w.p99Ms)}**`,
      fmtMs(w.maxMs),
      fmtInt(w.requestsPerSecond),
      `${fmtMs(r.whoIsOutAlone.p50Ms)} / ${fmtMs(r.whoIsOutAlone.p99Ms)}`,
      w.non2xx || w.errors || w.timeouts ? `**${w.non2xx} / ${w.errors} / ${w.timeouts}** ⚠️` : "0",
      fmtKb(r.whoIsOutBytes),
      `${fmtInt(r.inMonth)} / ${r.holidays}`,
      fmtMs(r.seedMs),
    ];
  });
  const seeded = Object.values(results)[0]?.seeded;
  return [
    `### Time off: 'Férias da equipe' for ${fmtInt(TIME_OFF_PEOPLE)} people, 'Quem está fora' with ${fmtInt(TIME_OFF_PEOPLE)} absences in a month`,
    "",
    `${fmtInt(TIME_OFF_PEOPLE)} people with admission dates (1 to 15 years ago), ${fmtInt(seeded?.absences ?? 0)} absences ` +
      `(${fmtInt(seeded?.vacations ?? 0)} of them 'Férias'), one of each person in the measured month, and ` +
      `${fmtInt(OTHER_REQUESTS)} other requests. \`GET /api/ferias/equipe\` as a member of the team that handles ` +
      `'Ausência' (RH): one unmeasured call, then ${TEAM_CALLS} one after another, each the whole request with its answer ` +
      `read; budget: p99 under ${fmtMs(TEAM_BALANCES_BUDGET_MS)}. \`GET /api/ausencias?mes=\` (the month) with ` +
      `autocannon over ${WHO_IS_OUT_CONNECTIONS} connections, then over one (a request's own latency); budget: p99 over ` +
      `${WHO_IS_OUT_CONNECTIONS} connections under ${fmtMs(WHO_IS_OUT_P99_BUDGET_MS)}. ` +
      "Both on each backend. Method and seeding: [docs/bench.md](../docs/bench.md).",
    "",
    table(
      [
        "Backend",
        "Equipe p50",
        "Equipe p99",
        "Equipe answer",
        "People / overlaps / notices",
        "Fora p50",
        "Fora p99",
        "Fora max",
        "Fora req/s",
        "Fora p50 / p99, 1 conn",
        "Non-2xx / errors / timeouts",
        "Fora answer",
        "Absences / holidays",
        "Seeding",
      ],
      rows,
      ["l", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r", "r"],
    ),
  ].join("\n");
}
