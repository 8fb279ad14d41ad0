import { createLiveCache, type LiveCache, type LiveCacheOptions } from "../../live/live-cache";

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

export type PainelCache<R> = LiveCache<R>;

export function createPainelCache<R>(
  options: Omit<LiveCacheOptions, "maxEntries"> & {
    /** Beyond this many scopes and periods the least recently stored are dropped. */
    maxEntries?: number;
  },
): PainelCache<R> {
  return createLiveCache<R>({
    ...options,
    maxEntries: options.maxEntries ?? 200,
    drops: (event) => (event.type === "request" ? "all" : undefined),
  });
}
