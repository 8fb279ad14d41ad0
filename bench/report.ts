// The report bench/run.ts prints: one budgets table, then one detail section per measurement.
// Each measurement module pushes its row and its section here.
import { errorMessage, log } from "./lib";

export type Budget = { budget: string; measured: string; target: string; ok: boolean };
export const budgets: Budget[] = [];
export const details: string[] = [];

let failedToMeasure = false;

/** Something could not be measured (not: a budget was missed); the run exits non-zero. */
export function noteCouldNotMeasure() {
  failedToMeasure = true;
}

export const couldNotMeasure = () => failedToMeasure;

/** Runs one measurement; if it throws, records ❌ with the reason and carries on with the next. */
export async function measure(title: string, budget: string, target: string, fn: () => Promise<void>) {
  try {
    await fn();
  } catch (err) {
    noteCouldNotMeasure();
    log(`${title}: could not measure: ${errorMessage(err)}`);
    budgets.push({ budget, measured: `error: ${errorMessage(err).split("\n")[0]}`, target, ok: false });
    details.push(`### ${title}\n\nCould not measure:\n\n\`\`\`\n${errorMessage(err)}\n\`\`\``);
  }
}

// ---- formatting --------------------------------------------------------------------------

export const MB = 1024 * 1024;

export const fmtMs = (ms: number) => (ms < 1_000 ? `${Math.round(ms)} ms` : `${(ms / 1_000).toFixed(2)} s`);
export const fmtKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
/** MB here is 1024 × 1024 bytes, as in "a 30 MB file" = 31,457,280 bytes. */
export const fmtMb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
export const fmtMbPerS = (bytes: number, ms: number) => `${Math.round(bytes / MB / (ms / 1_000))} MB/s`;
export const fmtInt = (n: number) => Math.round(n).toLocaleString("en-US");
export const mark = (ok: boolean) => (ok ? "✅" : "❌");

export function table(header: string[], rows: string[][], align: ("l" | "r")[] = []): string {
  const rule = header.map((_, i) => (align[i] === "r" ? "---:" : "---"));
  return [header, rule, ...rows].map((cells) => `| ${cells.join(" | ")} |`).join("\n");
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
