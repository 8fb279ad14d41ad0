// autocannon ships no type definitions; this covers the part of its programmatic API the bench uses.
declare module "autocannon" {
  type Histogram = {
    min: number;
    max: number;
    average: number;
    stddev: number;
    p50: number;
    p90: number;
    p99: number;
  };

  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    headers?: Record<string, string>;
    method?: string;
  };

  export type Result = {
    url: string;
    duration: number;
    connections: number;
    requests: Histogram & { total: number; sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  };

  export type Instance = { stop(): void };

  function autocannon(options: Options, callback: (err: Error | null, result: Result) => void): Instance;

  export default autocannon;
}
