import type { LiveEvent, Topic } from "../../live/bus";
import { createLiveCache, type LiveCacheOptions } from "../../live/live-cache";

/**
 * The first page of 'Minhas solicitações', kept in memory per person
 * (decision 022). Every page that shows a request opens this list, and every
 * live event makes it ask again; each answer cost a statement over the five
 * kinds' tables and a count, which PGlite runs one at a time.
 *
 * What changes a person's requests publishes a live `request` event naming its
 * author (the review desk's moves, a new request, an edit): hearing one evicts
 * that author here, on every instance, before the open pages hear it (this
 * listener subscribes first, and an instance's own events are applied before
 * they are published). A read that began before an eviction stores nothing
 * (the generation check), so a page read under a commit is never kept. While
 * the bus does not hear other instances, nothing is kept; the TTL only bounds
 * what a change made outside the app (hand SQL) leaves behind (live/live-cache.ts).
 */

export type RequestListCache<P> = {
  /** The cached first page of this size, or undefined (a miss, an old entry, or the cache off). */
  get(userId: string, limit: number): P | undefined;
  /** A mark taken before reading: `set` with it stores nothing if an eviction came in between. */
  mark(): number;
  set(userId: string, limit: number, mark: number, page: P): void;
  /** Applies a live event here only (what every instance does when it hears one). */
  apply(event: LiveEvent): void;
  clear(): void;
  size(): number;
  close(): void;
};

export function createRequestListCache<P>(
  options: Omit<LiveCacheOptions, "maxEntries"> & {
    /** Beyond this many pages (a person's sizes count apart) the least recently stored are dropped. */
    maxEntries?: number;
  },
): RequestListCache<P> {
  const cache = createLiveCache<P>({
    ...options,
    maxEntries: options.maxEntries ?? 2_000,
    drops: (event) => (event.type === "request" ? event.userIds : undefined),
  });
  const key = (userId: string, limit: number) => `${userId}\u0000${limit}`;
  return {
    ...cache,
    get: (userId, limit) => cache.get(key(userId, limit)),
    set: (userId, limit, mark, page) => cache.set(key(userId, limit), mark, page, [userId]),
  };
}

/**
 * The bus as the services publish on it: each event is applied to the cache
 * here first, so this instance's next read (the answer to the same request may
 * go out before its own NOTIFY comes back) already misses.
 */
export function applyingBefore<B extends Topic<LiveEvent>>(
  bus: B,
  cache: { apply(event: LiveEvent): void },
): B {
  return {
    ...bus,
    async publish(event: LiveEvent) {
      cache.apply(event);
      await bus.publish(event);
    },
  };
}
