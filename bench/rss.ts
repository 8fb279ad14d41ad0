// The server's resident memory, read from /proc (Linux): what the upload, export and signed-in
// measurements compare before, during and after their load.
import { readFileSync } from "node:fs";

export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(kb) * 1024;
}

/** Reads the RSS of `pid` now and then every `intervalMs` until stop(); peakNow() samples once more. */
export function sampleRss(pid: number, intervalMs: number) {
  let peak = 0;
  let samples = 0;
  let maxGapMs = 0;
  let last = performance.now();
  let failure: unknown;
  const take = () => {
    try {
      peak = Math.max(peak, rssBytes(pid));
      samples++;
    } catch (err) {
      failure ??= err;
    }
    const now = performance.now();
    maxGapMs = Math.max(maxGapMs, now - last);
    last = now;
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    peakNow() {
      take();
      return peak;
    },
    stop() {
      clearInterval(timer);
      take();
      if (failure !== undefined) throw failure;
      return { peak, samples, maxGapMs };
    },
  };
}
