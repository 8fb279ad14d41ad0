import type { FastifyBaseLogger } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createScheduler } from "./scheduler";

function fakeLog() {
  const warn = vi.fn();
  return { log: { warn } as unknown as FastifyBaseLogger, warn };
}

describe("createScheduler", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs each job every interval from start, logs a failure with the job's name and goes on", async () => {
    vi.useFakeTimers();
    const { log, warn } = fakeLog();
    const err = new Error("boom");
    const good = vi.fn(async () => 1);
    const bad = vi.fn(async () => {
      throw err;
    });
    const scheduler = createScheduler({
      jobs: [
        { name: "good", intervalMs: 1000, run: good },
        { name: "bad", intervalMs: 1000, run: bad },
      ],
      log,
    });
    scheduler.start();
    expect(good).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2500);
    expect(good).toHaveBeenCalledTimes(2);
    expect(bad).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith({ err, job: "bad" }, "background job failed");
    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(good).toHaveBeenCalledTimes(2);
  });

  it("runs an atStart job at once, starts and stops the workers, and waits for runs in flight", async () => {
    const { log } = fakeLog();
    let finish = () => {};
    const slow = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const worker = { name: "loop", start: vi.fn(), stop: vi.fn(async () => {}) };
    const scheduler = createScheduler({
      jobs: [{ name: "slow", atStart: true, run: slow }],
      workers: [worker],
      log,
    });
    scheduler.start();
    scheduler.start();
    expect(slow).toHaveBeenCalledTimes(1);
    expect(worker.start).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(worker.stop).toHaveBeenCalledTimes(1);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });

  it("runs a job once on demand, giving its result or its failure, and refuses an unknown name", async () => {
    const { log, warn } = fakeLog();
    const scheduler = createScheduler({
      jobs: [
        { name: "count", run: async () => 3 },
        {
          name: "fail",
          run: async () => {
            throw new Error("no");
          },
        },
      ],
      log,
    });
    expect(scheduler.names()).toEqual(["count", "fail"]);
    await expect(scheduler.runOnce("count")).resolves.toBe(3);
    await expect(scheduler.runOnce("fail")).rejects.toThrow("no");
    await expect(scheduler.runOnce("nope")).rejects.toThrow("no background job named nope");
    expect(warn).not.toHaveBeenCalled();
  });

  it("refuses two jobs of one name", () => {
    const { log } = fakeLog();
    const run = async () => {};
    expect(() =>
      createScheduler({
        jobs: [
          { name: "a", run },
          { name: "a", run },
        ],
        log,
      }),
    ).toThrow("job names must be unique");
  });
});
