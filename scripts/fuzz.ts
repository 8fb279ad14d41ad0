/**
 * `npm run fuzz`: the API fuzzer (src/server/http/api-fuzz.test.ts, docs/decisions/032) for as
 * long as asked, with a random seed unless one is given; prints the seed first, and a failure
 * names the call, the person and how to replay it.
 *   npm run fuzz -- [--minutes N | --seconds N] [--seed N] [--runs N] [--only PATTERN]
 *                   [--keep-going] [--stats] [--trace]
 * With TEST_DATABASE_URL set it runs on PGlite, then for as long again on PostgreSQL.
 */
import { spawn } from "node:child_process";
import { randomInt } from "node:crypto";
import { parseArgs } from "node:util";

const USAGE =
  "usage: npm run fuzz -- [--minutes N | --seconds N] [--seed N] [--runs N] [--only PATTERN] [--keep-going] [--stats] [--trace]";

let parsed: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      minutes: { type: "string" },
      seconds: { type: "string" },
      seed: { type: "string" },
      runs: { type: "string" },
      only: { type: "string" },
      "keep-going": { type: "boolean" },
      stats: { type: "boolean" },
      trace: { type: "boolean" },
    },
  });
}
try {
  parsed = parse();
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}
const { values } = parsed;

const whole = (name: string, text: string | undefined) => {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`--${name} must be a number (got "${text}")\n${USAGE}`);
    process.exit(2);
  }
  return value;
};

const seconds = whole("seconds", values.seconds) ?? Math.round((whole("minutes", values.minutes) ?? 5) * 60);
const seed = whole("seed", values.seed) ?? randomInt(2 ** 31);
const runs = whole("runs", values.runs);

console.log(
  `API fuzzer: seed ${seed}, ${seconds} s${runs ? `, ${runs} calls per route and person a round` : ""}` +
    `${process.env.TEST_DATABASE_URL ? " on PGlite, then on PostgreSQL" : " on PGlite"}` +
    `\n  replay: npm run fuzz -- --seed ${seed} --seconds ${seconds}${values.only ? ` --only '${values.only}'` : ""}`,
);

const env: Record<string, string> = {
  ...(process.env as Record<string, string>),
  FUZZ_SEED: String(seed),
  FUZZ_SECONDS: String(seconds),
  ...(runs !== undefined ? { FUZZ_RUNS: String(runs) } : {}),
  ...(values.only ? { FUZZ_ONLY: values.only } : {}),
  ...(values["keep-going"] ? { FUZZ_KEEP_GOING: "1" } : {}),
  ...(values.stats ? { FUZZ_STATS: "1" } : {}),
  ...(values.trace ? { FUZZ_TRACE: "1" } : {}),
};

const child = spawn("npx", ["vitest", "run", "src/server/http/api-fuzz.test.ts", "--maxWorkers=1"], {
  stdio: "inherit",
  env,
  shell: process.platform === "win32",
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
