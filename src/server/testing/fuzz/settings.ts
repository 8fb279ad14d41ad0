/*
 * How long and with what the API fuzzer runs, from the environment (`npm run fuzz` sets it):
 * FUZZ_SEED (default: CI's fixed seed), FUZZ_RUNS (calls per route and person), FUZZ_SECONDS
 * (keep running rounds, the seed plus one each, for this long), FUZZ_ONLY (a pattern over
 * "<role> <METHOD> <path>", e.g. "requester POST /api/solicitacoes"), FUZZ_KEEP_GOING=1 (list
 * every kind of problem found instead of stopping at the first), FUZZ_STATS=1 (print the statuses
 * each route answered each person: a route that only ever refuses is fuzzed shallowly),
 * FUZZ_TRACE=1 (print every call and the start of its answer).
 */

/** CI's seed: the same calls on every run, so a failure there is a failure here. */
export const CI_SEED = 32_032;

export type FuzzSettings = {
  seed: number;
  runs: number | null;
  pgliteRuns: number;
  postgresRuns: number;
  seconds: number | null;
  only: RegExp | undefined;
  keepGoing: boolean;
  stats: boolean;
  trace: boolean;
  timeoutMs: number;
  replayHint: (roundSeed: number) => string;
};

function number(env: Record<string, string | undefined>, name: string): number | null {
  const text = env[name];
  if (text === undefined || text === "") return null;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number (got "${text}")`);
  return value;
}

export function fuzzSettings(env: Record<string, string | undefined>): FuzzSettings {
  const seed = number(env, "FUZZ_SEED") ?? CI_SEED;
  const seconds = number(env, "FUZZ_SECONDS");
  const only = env.FUZZ_ONLY ? new RegExp(env.FUZZ_ONLY) : undefined;
  return {
    seed,
    runs: number(env, "FUZZ_RUNS"),
    // About 30 s on PGlite and 25 s on PostgreSQL (when TEST_DATABASE_URL is set), on two cores:
    // PGlite, the slower, has fewer; `npm run fuzz` runs longer.
    pgliteRuns: 6,
    postgresRuns: 8,
    seconds,
    only,
    keepGoing: env.FUZZ_KEEP_GOING === "1",
    stats: env.FUZZ_STATS === "1",
    trace: env.FUZZ_TRACE === "1",
    // The seed data takes a few seconds; a round can outlast the time asked by one round.
    timeoutMs: ((seconds ?? 60) + 240) * 1000,
    // One round with the failing round's seed makes the same calls, on freshly seeded data as in CI.
    replayHint: (roundSeed) =>
      `replay: npm run fuzz -- --seed ${roundSeed} --seconds 0` +
      `${env.FUZZ_RUNS ? ` --runs ${env.FUZZ_RUNS}` : ""}${only ? ` --only '${env.FUZZ_ONLY}'` : ""}`,
  };
}
