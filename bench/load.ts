// Load tests with autocannon's programmatic API, run in the harness process while the
// server under test runs in its own child process.
import autocannon, { type Options, type Result } from "autocannon";

export type LoadResult = {
  requestsPerSecond: number;
  p99Ms: number;
  total: number;
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
  if (options.warmup > 0) await run({ url, connections, duration: options.warmup, headers });
  const result = await run({ url, connections, duration: options.duration, headers });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.entries(result.statusCodeStats ?? {})
      .map(([code, { count }]) => `${code}×${count}`)
      .join(", "),
  };
}
