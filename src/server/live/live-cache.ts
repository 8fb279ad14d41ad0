import type { LiveEvent, Topic } from "./bus";

/*
 * Answers kept in memory until the live events say they changed (decisions 022, 038, 046): the
 * first pages of 'Minhas solicitações', the Painel's figures, the flags of 'Caixa de entrada'.
 *
 * Everything the app changes in a request publishes a live event, on PostgreSQL through NOTIFY to
 * every instance; each cache says which entries an event drops (some by tag, such as the author,
 * or all of them). A read that began before a drop stores nothing (the generation check), so an
 * answer read under a commit is never kept. While the bus does not hear the other instances
 * nothing is kept or served. The TTL only bounds a change made outside the app (hand SQL).
 */

/** What an event drops: every entry, the entries with these tags, or nothing. */
export type Drops = "all" | readonly string[] | undefined;

type Entry<V> = { value: V; storedAt: number; tags: readonly string[] };

export type LiveCache<V> = {
  /** The kept value for this key, or undefined (a miss, an old entry, or the cache off). */
  get(key: string): V | undefined;
  /** A mark taken before reading: `set` with it stores nothing if a drop came in between. */
  mark(): number;
  /** Keeps `value` under `key`; an event naming one of `tags` drops it. */
  set(key: string, mark: number, value: V, tags?: readonly string[]): void;
  /** Applies a live event here only (what every instance does when it hears one). */
  apply(event: LiveEvent): void;
  clear(): void;
  size(): number;
  close(): void;
};

export type LiveCacheOptions = {
  topic: Pick<Topic<LiveEvent>, "subscribe">;
  listening: () => boolean;
  ttlMs: number;
  /** Beyond this many entries the least recently stored are dropped. */
  maxEntries: number;
  now?: () => number;
};

export function createLiveCache<V>(
  options: LiveCacheOptions & { drops: (event: LiveEvent) => Drops },
): LiveCache<V> {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry<V>>();
  const keysOfTag = new Map<string, Set<string>>();
  let generation = 0;
  const off = () => options.ttlMs <= 0 || !options.listening();

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    for (const tag of entry.tags) {
      const keys = keysOfTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) keysOfTag.delete(tag);
    }
  }
  function clear() {
    generation += 1;
    entries.clear();
    keysOfTag.clear();
  }
  function apply(event: LiveEvent) {
    const drops = options.drops(event);
    if (drops === "all") return clear();
    if (!drops) return;
    generation += 1;
    for (const tag of drops) for (const key of [...(keysOfTag.get(tag) ?? [])]) remove(key);
  }
  const unsubscribe = options.topic.subscribe(apply);

  return {
    get(key) {
      if (off()) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.storedAt >= options.ttlMs) {
        remove(key);
        return undefined;
      }
      return entry.value;
    },
    mark: () => generation,
    set(key, mark, value, tags = []) {
      if (off() || mark !== generation) return;
      remove(key);
      if (entries.size >= options.maxEntries) remove(entries.keys().next().value!);
      entries.set(key, { value, storedAt: now(), tags });
      for (const tag of tags) {
        const keys = keysOfTag.get(tag) ?? new Set<string>();
        keys.add(key);
        keysOfTag.set(tag, keys);
      }
    },
    apply,
    clear,
    size: () => entries.size,
    close() {
      unsubscribe();
      clear();
    },
  };
}
