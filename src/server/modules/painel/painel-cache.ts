import type { LiveEvent, Topic } from "../../live/bus";

/*
 * The Painel's rows kept in memory per scope and period (docs/decisions/038). The statement reads
 * every request created, decided or paid in the period, or still open, and takes medians and 90th
 * percentiles over them: at 500,000 requests about a second on either backend (docs/bench.md), and
 * percentiles cannot be kept up to date by adding and subtracting, so the answer is kept instead.
 *
 * Everything the app changes in a request publishes a live `request` event (decision 022), on
 * PostgreSQL through NOTIFY to every instance; hearing any one drops every entry here, whatever
 * its scope, since a move can change any figure. A read that began before a drop stores nothing
 * (the generation check), so a read under a commit is never kept; while the bus does not hear the
 * other instances nothing is kept or served. The TTL only bounds a change made outside the app.
 */

type Entry<R> = { rows: R; storedAt: number };

export type PainelCache<R> = {
  /** The kept rows for this key, or undefined (a miss, an old entry, or the cache off). */
  get(key: string): R | undefined;
  /** A mark taken before reading: `set` with it stores nothing if a drop came in between. */
  mark(): number;
  set(key: string, mark: number, rows: R): void;
  /** Applies a live event here only (what every instance does when it hears one). */
  apply(event: LiveEvent): void;
  clear(): void;
  size(): number;
  close(): void;
};

export function createPainelCache<R>(options: {
  topic: Pick<Topic<LiveEvent>, "subscribe">;
  listening: () => boolean;
  ttlMs: number;
  /** Beyond this many scopes and periods the least recently stored are dropped. */
  maxEntries?: number;
  now?: () => number;
}): PainelCache<R> {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 200;
  const entries = new Map<string, Entry<R>>();
  let generation = 0;
  const off = () => options.ttlMs <= 0 || !options.listening();

  function clear() {
    generation += 1;
    entries.clear();
  }
  function apply(event: LiveEvent) {
    if (event.type === "request") clear();
  }
  const unsubscribe = options.topic.subscribe(apply);

  return {
    get(key) {
      if (off()) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (now() - entry.storedAt >= options.ttlMs) {
        entries.delete(key);
        return undefined;
      }
      return entry.rows;
    },
    mark: () => generation,
    set(key, mark, rows) {
      if (off() || mark !== generation) return;
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { rows, storedAt: now() });
    },
    apply,
    clear,
    size: () => entries.size,
    close() {
      unsubscribe();
      entries.clear();
    },
  };
}
