/**
 * What every step of `npm run test:deploy` shares: one line per step with its time, a failure
 * that says what was expected, child processes whose output goes to a log file, and the
 * clean-up list that runs whatever happened (docs/decisions/044).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import { createServer } from "node:net";

export class CheckFailed extends Error {}

/** Stops the run with `message` unless `condition` holds. */
export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** Runs one step: its title, then `ok` with what it found and how long it took, or the failure. */
export async function step<T>(title: string, work: () => Promise<T>, found?: (value: T) => string) {
  const started = performance.now();
  console.log(`\n▶ ${title}`);
  const value = await work();
  const summary = found ? `${found(value)} ` : "";
  console.log(`  ✓ ${summary}(${seconds(started)})`);
  return value;
}

/** A detail line under the current step. */
export const note = (line: string) => console.log(`    ${line}`);

/** Clean-ups, run last in, first out; each runs even when one before it failed. */
export function cleanups() {
  const list: { what: string; run: () => Promise<unknown> | unknown }[] = [];
  return {
    add(what: string, run: () => Promise<unknown> | unknown) {
      list.push({ what, run });
    },
    async runAll() {
      const started = performance.now();
      const done: string[] = [];
      for (const { what, run } of list.reverse()) {
        try {
          await run();
          done.push(what);
        } catch (err) {
          console.error(`  clean-up failed (${what}): ${(err as Error).message}`);
        }
      }
      if (done.length) console.log(`Cleaned up ${done.join(", ")} (${seconds(started)})`);
      list.length = 0;
    },
  };
}

/** A port nothing listens on now, chosen by the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type Child = {
  process: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  running(): boolean;
  /** The last lines of its log, for a failure's message. */
  tail(lines?: number): string;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<number | string>;
};

/** Starts `command` with its stdout and stderr appended to `logFile`. */
export function spawnLogged(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; logFile: string },
): Child {
  const log = createWriteStream(options.logFile, { flags: "a" });
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  let ended = false;
  const exited = new Promise<number | string>((resolve) => {
    child.once("error", (err) => {
      ended = true;
      log.write(`\n${err.message}\n`);
      resolve(err.message);
    });
    child.once("exit", (code, signal) => {
      ended = true;
      resolve(code ?? signal ?? "unknown");
    });
  });
  return {
    process: child,
    exited,
    running: () => !ended,
    tail(lines = 15) {
      const text = readFileSync(options.logFile, "utf8").trimEnd().split("\n");
      return text.slice(-lines).join("\n");
    },
    async stop(graceMs = 30_000) {
      if (ended) return exited;
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      const result = await exited;
      clearTimeout(killer);
      return result;
    },
  };
}

/**
 * Waits until `probe` answers true, every 100 ms, for at most `ms`; false if it never did. A probe
 * that throws counts as not yet, unless it throws CheckFailed: waiting longer is pointless then.
 */
export async function waitFor(ms: number, probe: () => Promise<boolean>): Promise<boolean> {
  const deadline = performance.now() + ms;
  while (performance.now() < deadline) {
    const answered = await probe().catch((err: unknown) => {
      if (err instanceof CheckFailed) throw err;
      return false;
    });
    if (answered) return true;
    await sleep(100);
  }
  return false;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
