// Loaded into a measured server with `node --expose-gc --import ./bench/memory-probe.mjs`: on
// SIGWINCH (ignored by default, and not the SIGUSR2 of `npm run backup`) it collects garbage and
// prints the process's memory as one line on stderr, which bench/live.ts reads.
process.on("SIGWINCH", () => {
  globalThis.gc?.();
  globalThis.gc?.();
  process.stderr.write(`[memory] ${JSON.stringify(process.memoryUsage())}\n`);
});
