/*
 * `npm run doctor` (docs/decisions/042): each check looks at one thing the
 * server depends on and answers OK, or a problem with the fix in a sentence.
 * A check never throws: what it could not do is its answer.
 */

export type CheckResult = {
  name: string;
  ok: boolean;
  /** What was found ("PostgreSQL 15.2 at db:5432, 16 migrations applied"). */
  detail: string;
  /** A problem's fix, as an operator would do it. */
  fix?: string;
};

export type Check = () => Promise<CheckResult>;

const TIMEOUT_MS = 10_000;

/** Runs `work` as check `name`: its answer, or its error as a problem with `fix`. */
export async function check(
  name: string,
  work: () => Promise<{ ok: boolean; detail: string; fix?: string }>,
  fixOnError: (message: string) => string,
): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
    });
    return { name, ...(await Promise.race([work(), timeout])) };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { name, ok: false, detail: message, fix: fixOnError(message) };
  } finally {
    clearTimeout(timer);
  }
}

/** The report as lines: 'OK  Name  detail', or 'XX  Name  detail' and the fix under it. */
export function reportLines(results: readonly CheckResult[]): string[] {
  const width = Math.max(...results.map((r) => r.name.length));
  return results.flatMap((r) => [
    `${r.ok ? "OK" : "XX"}  ${r.name.padEnd(width)}  ${r.detail}`,
    ...(r.ok || !r.fix ? [] : [`${" ".repeat(width + 6)}→ ${r.fix}`]),
  ]);
}
