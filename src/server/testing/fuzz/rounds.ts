import type { Fuzzer, FuzzReport } from "./fuzzer";
import type { FuzzSettings } from "./settings";
import type { Role } from "./world";

/*
 * Rounds of the fuzzer: one in CI; with a duration, again and again with the seed plus one each
 * until it is spent. A failure names its round's seed and how to replay it.
 */

export async function runRounds(
  fuzzer: Fuzzer,
  settings: FuzzSettings,
  runs: number,
  roles: Role[],
  log: (line: string) => void,
): Promise<number> {
  const started = Date.now();
  let round = 0;
  do {
    const seed = (settings.seed + round) >>> 0;
    for (const role of roles) {
      try {
        await fuzzer.fuzz(role, seed, runs, settings.only);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`${message}\n  round seed ${seed}; ${settings.replayHint(seed)}`);
      }
    }
    round += 1;
    if (settings.seconds !== null) {
      const elapsed = Math.round((Date.now() - started) / 1000);
      log(`round ${round} (seed ${seed}) done, ${fuzzer.report.calls} calls in ${elapsed} s`);
    }
  } while (settings.seconds !== null && Date.now() - started < settings.seconds * 1000);
  return round;
}

const counts = (map: Map<number, number>) =>
  [...map]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(" ");

/** What a run did: calls by status, and with `stats` each route's statuses. */
export function summaryText(
  report: FuzzReport,
  run: { seed: number; rounds: number; runs: number; seconds: number; stats: boolean },
): string {
  const lines = [
    `seed ${run.seed}, ${run.rounds} round(s), ${run.runs} calls per route and person, ` +
      `${report.calls} calls in ${run.seconds} s (${counts(report.statuses)})`,
  ];
  if (run.stats) for (const [name, map] of report.byOperation) lines.push(`  ${name}: ${counts(map)}`);
  return lines.join("\n");
}
