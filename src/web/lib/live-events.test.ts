import { MutationObserver, QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiPaths } from "./api-paths";
import {
  ACCESS_WAIT_MAX_MS,
  LIVE_INVALIDATIONS,
  type LiveSource,
  reconnectDelay,
  SILENCE_LIMIT_MS,
  startLiveEvents,
  whenNoChangeInFlight,
} from "./live-events";

class FakeSource implements LiveSource {
  listeners = new Map<string, ((event: MessageEvent | Event) => void)[]>();
  closed = false;
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent | Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data?: unknown) {
    const event = { type, data: data === undefined ? undefined : JSON.stringify(data) } as MessageEvent;
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

function setup() {
  const sources: FakeSource[] = [];
  const calls = {
    request: [] as unknown[],
    notification: 0,
    reconnected: 0,
    access: 0,
    absences: 0,
    holidays: 0,
  };
  const stop = startLiveEvents({
    open: (url) => {
      const source = new FakeSource(url);
      sources.push(source);
      return source;
    },
    onRequest: (data) => calls.request.push(data),
    onNotification: () => {
      calls.notification += 1;
    },
    onReconnected: () => {
      calls.reconnected += 1;
    },
    onAccessChanged: () => {
      calls.access += 1;
    },
    onAbsences: () => {
      calls.absences += 1;
    },
    onHolidays: () => {
      calls.holidays += 1;
    },
  });
  return { sources, calls, stop, last: () => sources.at(-1)! };
}

describe("reconnectDelay (spec §9: 1, 2, 5, then 10 s)", () => {
  it("waits 1, 2, 5 s, then 10 s for every later attempt", () => {
    expect([1, 2, 3, 4, 5, 12].map(reconnectDelay)).toEqual([1000, 2000, 5000, 10000, 10000, 10000]);
  });
});

describe("startLiveEvents", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("opens one stream on /api/eventos and passes its events on", () => {
    const { sources, calls, last, stop } = setup();
    expect(sources).toHaveLength(1);
    expect(last().url).toBe(apiPaths.events);
    last().emit("open");
    last().emit("request", { kind: "reembolso", id: "abc" });
    last().emit("notification", {});
    expect(calls.request).toEqual([{ kind: "reembolso", id: "abc" }]);
    expect(calls.notification).toBe(1);
    // The first opening is not a reconnection.
    expect(calls.reconnected).toBe(0);
    stop();
    expect(last().closed).toBe(true);
  });

  it("passes on 'acesso': the person's teams changed or their session ended (decision 030)", () => {
    const { calls, last } = setup();
    last().emit("open");
    last().emit("acesso", {});
    expect(calls.access).toBe(1);
    expect(LIVE_INVALIDATIONS.access).toContainEqual(["me"]);
  });

  it("passes on 'ausencias': who is away changed, and the calendar asks again (decision 040)", () => {
    const { calls, last } = setup();
    last().emit("open");
    last().emit("ausencias", {});
    expect(calls.absences).toBe(1);
    expect(calls.notification).toBe(0);
    expect(LIVE_INVALIDATIONS.absences).toEqual([["ausencias"]]);
    expect(LIVE_INVALIDATIONS.reconnected).toContainEqual(["ausencias"]);
  });

  it("passes on 'feriados': the office's holidays changed, and they and the calendar are read again (docs/decisions/060)", () => {
    const { calls, last } = setup();
    last().emit("open");
    last().emit("feriados", {});
    expect(calls.holidays).toBe(1);
    expect(calls.absences).toBe(0);
    expect(LIVE_INVALIDATIONS.holidays).toEqual([["feriados"], ["ausencias"]]);
    expect(LIVE_INVALIDATIONS.reconnected).toContainEqual(["feriados"]);
    expect(LIVE_INVALIDATIONS.access).toContainEqual(["feriados"]);
  });

  it("reconnects after 1, 2, 5, then 10 s while the server stays away, and says so once it is back", () => {
    const { sources, calls, last } = setup();
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const before = sources.length;
      last().emit("error");
      expect(last().closed).toBe(true);
      let waited = 0;
      while (sources.length === before) {
        vi.advanceTimersByTime(500);
        waited += 500;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1000, 2000, 5000, 10000, 10000]);

    last().emit("open");
    expect(calls.reconnected).toBe(1);
    // A working stream resets the sequence: the next loss waits 1 s again.
    last().emit("error");
    vi.advanceTimersByTime(999);
    expect(sources).toHaveLength(6);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(7);
  });

  it("treats a stream silent for the heartbeat and 30 s more as dead; pings keep it alive", () => {
    const { sources, last } = setup();
    last().emit("open");
    // Pings every 30 s: no reconnection however long it runs.
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(30_000);
      last().emit("ping", { at: "" });
    }
    expect(sources).toHaveLength(1);
    // Then silence.
    vi.advanceTimersByTime(SILENCE_LIMIT_MS - 1);
    expect(sources[0]!.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(sources[0]!.closed).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(sources).toHaveLength(2);
  });

  it("ignores whatever a closed stream still reports, and stops for good when told", () => {
    const { sources, calls, stop } = setup();
    const first = sources[0]!;
    first.emit("error");
    first.emit("request", { kind: "x", id: "y" });
    first.emit("error");
    expect(calls.request).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(sources).toHaveLength(2);
    stop();
    expect(sources[1]!.closed).toBe(true);
    vi.advanceTimersByTime(10 * SILENCE_LIMIT_MS);
    expect(sources).toHaveLength(2);
  });
});

describe("whenNoChangeInFlight ('acesso' while this page's own change awaits its answer)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A mutation of the page whose answer arrives when `answer` is called. */
  function pendingChange(client: QueryClient) {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const done = new MutationObserver(client, { mutationFn: () => answered }).mutate();
    return { answer, done };
  }

  it("acts at once when nothing is in flight", () => {
    const client = new QueryClient();
    const then = vi.fn();
    whenNoChangeInFlight(client, then);
    expect(then).toHaveBeenCalledOnce();
  });

  it("waits for the change's answer (its cookie is stored by then), and acts once", async () => {
    const client = new QueryClient();
    const change = pendingChange(client);
    await vi.advanceTimersByTimeAsync(0);
    const then = vi.fn();
    whenNoChangeInFlight(client, then);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(then).not.toHaveBeenCalled();
    change.answer();
    await change.done;
    await vi.advanceTimersByTimeAsync(0);
    expect(then).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(ACCESS_WAIT_MAX_MS);
    expect(then).toHaveBeenCalledOnce();
  });

  it("acts after ACCESS_WAIT_MAX_MS however long a change takes, and not when cancelled", async () => {
    const client = new QueryClient();
    pendingChange(client);
    await vi.advanceTimersByTimeAsync(0);
    const then = vi.fn();
    whenNoChangeInFlight(client, then);
    await vi.advanceTimersByTimeAsync(ACCESS_WAIT_MAX_MS - 1);
    expect(then).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(then).toHaveBeenCalledOnce();

    const cancelled = vi.fn();
    whenNoChangeInFlight(client, cancelled)();
    await vi.advanceTimersByTimeAsync(ACCESS_WAIT_MAX_MS);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
