import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import type { LiveEvent, Topic } from "../../live/bus";
import { createPainelCache } from "./painel-cache";

function topic(): Topic<LiveEvent> {
  const emitter = new EventEmitter();
  return {
    async publish(event) {
      emitter.emit("e", event);
    },
    subscribe(listener) {
      emitter.on("e", listener);
      return () => emitter.off("e", listener);
    },
  };
}

const request: LiveEvent = { type: "request", kind: "suporte", id: "r1", userIds: ["ana"], teamIds: [] };

function setup(overrides: { listening?: () => boolean; ttlMs?: number; maxEntries?: number } = {}) {
  let clock = 1_000;
  const bus = topic();
  const cache = createPainelCache<string>({
    topic: bus,
    listening: overrides.listening ?? (() => true),
    ttlMs: overrides.ttlMs ?? 300_000,
    ...(overrides.maxEntries ? { maxEntries: overrides.maxEntries } : {}),
    now: () => clock,
  });
  return { bus, cache, tick: (ms: number) => (clock += ms) };
}

describe("the Painel's figures in memory (decision 038)", () => {
  it("keeps each scope and period until any request event, whoever it names", async () => {
    const { bus, cache } = setup();
    cache.set("admin|2026", cache.mark(), "all kinds");
    cache.set("rh|2026", cache.mark(), "support");
    await bus.publish({ type: "notification", userIds: ["ana"] });
    expect(cache.get("admin|2026")).toBe("all kinds");
    expect(cache.get("rh|2026")).toBe("support");
    await bus.publish(request);
    expect(cache.get("admin|2026")).toBeUndefined();
    expect(cache.get("rh|2026")).toBeUndefined();
    expect(cache.size()).toBe(0);
  });

  it("stores nothing read before an event came in (the generation check)", async () => {
    const { bus, cache } = setup();
    const mark = cache.mark();
    await bus.publish(request);
    cache.set("admin|2026", mark, "read under a commit");
    expect(cache.get("admin|2026")).toBeUndefined();
    cache.set("admin|2026", cache.mark(), "read after");
    expect(cache.get("admin|2026")).toBe("read after");
  });

  it("keeps nothing while not hearing the other instances, with a TTL of 0, or past the TTL", () => {
    let listening = false;
    const deaf = setup({ listening: () => listening });
    deaf.cache.set("k", deaf.cache.mark(), "v");
    expect(deaf.cache.get("k")).toBeUndefined();
    listening = true;
    deaf.cache.set("k", deaf.cache.mark(), "v");
    expect(deaf.cache.get("k")).toBe("v");
    listening = false;
    expect(deaf.cache.get("k")).toBeUndefined();

    const off = setup({ ttlMs: 0 });
    off.cache.set("k", off.cache.mark(), "v");
    expect(off.cache.get("k")).toBeUndefined();

    const timed = setup({ ttlMs: 1_000 });
    timed.cache.set("k", timed.cache.mark(), "v");
    timed.tick(999);
    expect(timed.cache.get("k")).toBe("v");
    timed.tick(1);
    expect(timed.cache.get("k")).toBeUndefined();
  });

  it("drops the least recently stored beyond its bound", () => {
    const { cache } = setup({ maxEntries: 2 });
    cache.set("a", cache.mark(), "1");
    cache.set("b", cache.mark(), "2");
    cache.set("a", cache.mark(), "1 again");
    cache.set("c", cache.mark(), "3");
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe("1 again");
    expect(cache.get("c")).toBe("3");
  });
});
