// Load tests with autocannon's programmatic API, run in the harness process while the
// server under test runs in its own child process.
import autocannon, { type Options, type Result } from "autocannon";

export type LoadResult = {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  total: number;
  /** Requests of the unrecorded warm-up run, which the server answered all the same. */
  warmupTotal: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: string;
};

function run(options: Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

export async function load(
  url: string,
  options: { connections: number; duration: number; warmup: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const { connections, headers = {} } = options;
  // A short unrecorded run first, so the JIT and connection pools are warm.
  const warmup =
    options.warmup > 0 ? await run({ url, connections, duration: options.warmup, headers }) : null;
  const result = await run({ url, connections, duration: options.duration, headers });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    total: result.requests.total,
    warmupTotal: warmup?.requests.total ?? 0,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.entries(result.statusCodeStats ?? {})
      .map(([code, { count }]) => `${code}×${count}`)
      .join(", "),
  };
}
