import type { FastifyBaseLogger } from "fastify";

/**
 * A named piece of background work. With `intervalMs` it runs every interval
 * from `start()` on (the first run one interval in, as `setInterval` does);
 * `atStart` runs it once as soon as the scheduler starts too. A job with
 * neither is only run by `runOnce` (tests, scripts).
 */
export type Job = {
  name: string;
  intervalMs?: number;
  atStart?: boolean;
  run: () => Promise<unknown>;
};

/** A loop that paces itself (the outbox worker): started and stopped with the scheduler. */
export type Worker = { name: string; start(): void; stop(): Promise<void> };

export type Scheduler = {
  /** Starts every job's timer and every worker. Once; a second call does nothing. */
  start(): void;
  /** Clears the timers, stops the workers and waits for the runs in flight to finish. */
  stop(): Promise<void>;
  /** Runs the job now, outside its schedule, and gives its result; a failure is thrown, not logged. */
  runOnce(name: string): Promise<unknown>;
  /** The jobs' and workers' names, in the order they were given. */
  names(): string[];
};

/**
 * Every timer of the app in one place (src/server/jobs/jobs.ts lists them).
 * Timers are unref'd: the HTTP server keeps the process alive, not a sweep.
 * A failed run is logged with the job's name and the schedule goes on.
 */
export function createScheduler(options: {
  jobs: readonly Job[];
  workers?: readonly Worker[];
  log: FastifyBaseLogger;
}): Scheduler {
  const { jobs, log } = options;
  const workers = options.workers ?? [];
  const byName = new Map(jobs.map((job) => [job.name, job]));
  if (byName.size !== jobs.length) throw new Error("createScheduler: job names must be unique");
  const timers: NodeJS.Timeout[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let started = false;

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.then(
      () => inFlight.delete(promise),
      () => inFlight.delete(promise),
    );
    return promise;
  }

  function runLogged(job: Job) {
    void track(job.run()).catch((err) => log.warn({ err, job: job.name }, "background job failed"));
  }

  return {
    start() {
      if (started) return;
      started = true;
      for (const job of jobs) {
        if (job.atStart) runLogged(job);
        if (job.intervalMs === undefined) continue;
        const timer = setInterval(() => runLogged(job), job.intervalMs);
        timer.unref();
        timers.push(timer);
      }
      for (const worker of workers) worker.start();
    },
    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      await Promise.all(workers.map((worker) => worker.stop()));
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    runOnce(name) {
      const job = byName.get(name);
      if (!job) return Promise.reject(new Error(`no background job named ${name}`));
      return track(job.run());
    },
    names: () => [...jobs.map((job) => job.name), ...workers.map((worker) => worker.name)],
  };
}
