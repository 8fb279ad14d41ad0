import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import type { LiveEvent, Topic } from "../../live/bus";
import { applyingBefore, createRequestListCache } from "./request-list-cache";

function topic(): Topic<LiveEvent> & { heard: LiveEvent[] } {
  const emitter = new EventEmitter();
  const heard: LiveEvent[] = [];
  return {
    heard,
    async publish(event) {
      heard.push(event);
      emitter.emit("e", event);
    },
    subscribe(listener) {
      emitter.on("e", listener);
      return () => emitter.off("e", listener);
    },
  };
}

const request = (userIds: string[]): LiveEvent => ({
  type: "request",
  kind: "suporte",
  id: "r1",
  userIds,
  teamIds: [],
});

function setup(overrides: { listening?: () => boolean; ttlMs?: number; maxEntries?: number } = {}) {
  let clock = 1_000;
  const bus = topic();
  const cache = createRequestListCache<string>({
    topic: bus,
    listening: overrides.listening ?? (() => true),
    ttlMs: overrides.ttlMs ?? 60_000,
    ...(overrides.maxEntries ? { maxEntries: overrides.maxEntries } : {}),
    now: () => clock,
  });
  return { bus, cache, tick: (ms: number) => (clock += ms) };
}

describe("the first pages of 'Minhas solicitações' in memory (decision 022)", () => {
  it("keeps a page per person and size until an event names that person as author", async () => {
    const { bus, cache } = setup();
    cache.set("ana", 20, cache.mark(), "ana-20");
    cache.set("ana", 50, cache.mark(), "ana-50");
    cache.set("bia", 20, cache.mark(), "bia-20");
    expect(cache.get("ana", 20)).toBe("ana-20");
    expect(cache.get("ana", 50)).toBe("ana-50");
    expect(cache.get("ana", 10)).toBeUndefined();

    await bus.publish({ type: "notification", userIds: ["ana"] });
    expect(cache.get("ana", 20)).toBe("ana-20");
    await bus.publish(request(["ana"]));
    expect(cache.get("ana", 20)).toBeUndefined();
    expect(cache.get("ana", 50)).toBeUndefined();
    expect(cache.get("bia", 20)).toBe("bia-20");
  });

  it("stores nothing read before an eviction: the read may predate the change", async () => {
    const { bus, cache } = setup();
    const mark = cache.mark();
    await bus.publish(request(["someone-else"]));
    cache.set("ana", 20, mark, "read before the change");
    expect(cache.get("ana", 20)).toBeUndefined();
    cache.set("ana", 20, cache.mark(), "read after");
    expect(cache.get("ana", 20)).toBe("read after");
  });

  it("keeps nothing while other instances may not be heard, nor with a TTL of 0; forgets after the TTL", () => {
    let listening = false;
    const deaf = setup({ listening: () => listening });
    deaf.cache.set("ana", 20, deaf.cache.mark(), "page");
    expect(deaf.cache.get("ana", 20)).toBeUndefined();
    listening = true;
    deaf.cache.set("ana", 20, deaf.cache.mark(), "page");
    expect(deaf.cache.get("ana", 20)).toBe("page");
    listening = false;
    expect(deaf.cache.get("ana", 20)).toBeUndefined();

    const off = setup({ ttlMs: 0 });
    off.cache.set("ana", 20, off.cache.mark(), "page");
    expect(off.cache.get("ana", 20)).toBeUndefined();

    const timed = setup({ ttlMs: 60_000 });
    timed.cache.set("ana", 20, timed.cache.mark(), "page");
    timed.tick(59_999);
    expect(timed.cache.get("ana", 20)).toBe("page");
    timed.tick(1);
    expect(timed.cache.get("ana", 20)).toBeUndefined();
  });

  it("holds at most maxEntries pages, dropping the oldest", () => {
    const { cache } = setup({ maxEntries: 2 });
    for (const who of ["ana", "bia", "caio"]) cache.set(who, 20, cache.mark(), who);
    expect(cache.size()).toBe(2);
    expect(cache.get("ana", 20)).toBeUndefined();
    expect(cache.get("caio", 20)).toBe("caio");
  });

  it("an instance's own event is applied before it is published, then published as it was", async () => {
    const { bus, cache } = setup();
    let seenWhenPublished: string | undefined = "unset";
    const publishing = applyingBefore(
      {
        ...bus,
        async publish(event: LiveEvent) {
          seenWhenPublished = cache.get("ana", 20);
          await bus.publish(event);
        },
      },
      cache,
    );
    cache.set("ana", 20, cache.mark(), "page");
    await publishing.publish(request(["ana"]));
    expect(seenWhenPublished).toBeUndefined();
    expect(bus.heard).toEqual([request(["ana"])]);
  });
});
