import { AsyncLocalStorage } from "node:async_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { quietAsyncContext } from "./quiet-async-context";

const GLOBAL = Symbol.for("better-auth:global");
type Global = { context: Record<string, unknown> };
const globals = globalThis as unknown as Record<symbol, Global | undefined>;

let storage: AsyncLocalStorage<{ request: number }>;
let saved: Global | undefined;

beforeEach(() => {
  saved = globals[GLOBAL];
  storage = new AsyncLocalStorage();
  // As better-auth keeps them: beside other values of its process-wide context.
  globals[GLOBAL] = { context: { requestStateAsyncStorage: storage, epoch: 1 } };
});

afterEach(async () => {
  // A test's last quiet timer must not fire in the next test, on the next test's storage.
  await sleep(100);
  storage.disable();
  globals[GLOBAL] = saved;
});

/** A stand-in for better-auth: each call runs in its storage and reads its store after awaiting. */
function fakeAuth(work: (ms: number) => Promise<unknown> = sleep) {
  let request = 0;
  const call = async (ms = 1) => {
    const store = { request: ++request };
    return storage.run(store, async () => {
      await work(ms);
      return storage.getStore() === store;
    });
  };
  return { handler: call, api: { getSession: Object.assign(call, { path: "/get-session" }) } };
}

describe("better-auth's AsyncLocalStorage, disabled when it is quiet", () => {
  it("is disabled once no call has run for the quiet time, and the next call enables it again", async () => {
    const disable = vi.spyOn(storage, "disable");
    const auth = quietAsyncContext(fakeAuth(), 20);
    expect(await auth.handler()).toBe(true);
    expect(disable).not.toHaveBeenCalled();
    await sleep(60);
    expect(disable).toHaveBeenCalledTimes(1);
    // Every call keeps its own store across its awaits, after any number of quiet periods.
    expect(await auth.api.getSession()).toBe(true);
    await sleep(60);
    expect(await auth.handler()).toBe(true);
    expect(disable).toHaveBeenCalledTimes(2);
  });

  // The slow call is the first auth object's; the quick one runs on the same object, or on another
  // one (tests build several apps in one process, all sharing better-auth's storages).
  it.each([
    { quickOn: "the same auth object", other: false },
    { quickOn: "another auth object", other: true },
  ])("is never disabled while a call is in flight, with quick calls on $quickOn", async ({ other }) => {
    const disable = vi.spyOn(storage, "disable");
    const busy = quietAsyncContext(fakeAuth(), 10);
    const quick = other ? quietAsyncContext(fakeAuth(), 10) : busy;
    const slow = busy.handler(100);
    await sleep(20);
    // A quick call starts and ends, and quiet times pass, while the slow one is still at work.
    expect(await quick.api.getSession(1)).toBe(true);
    await sleep(40);
    expect(disable).not.toHaveBeenCalled();
    expect(await slow).toBe(true);
    await sleep(40);
    expect(disable).toHaveBeenCalledTimes(1);
  });

  it("counts a call that throws, and keeps the endpoints' own properties", async () => {
    const disable = vi.spyOn(storage, "disable");
    const auth = quietAsyncContext(
      {
        handler: () => {
          throw new Error("refused");
        },
        api: { getSession: Object.assign(async () => "ok", { path: "/get-session" }) },
      },
      10,
    );
    expect(() => auth.handler()).toThrow("refused");
    await expect(auth.api.getSession()).resolves.toBe("ok");
    expect(auth.api.getSession.path).toBe("/get-session");
    await sleep(40);
    expect(disable).toHaveBeenCalledTimes(1);
  });
});
