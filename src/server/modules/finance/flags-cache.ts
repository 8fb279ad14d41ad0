import type { Flag } from "@/domain/finance/flags";
import { createLiveCache, type LiveCache, type LiveCacheOptions } from "../../live/live-cache";

/*
 * The flags of the requests 'Caixa de entrada' shows, kept by request (docs/decisions/046). A
 * request's flags read its author's history of the kind (totals per month, the first request, the
 * last paid PIX key), files with the same bytes in anyone's requests and finance's limits: at
 * 500,000 requests, two thirds of the queue's time on PGlite (docs/bench.md). Any change to any
 * request can change another's flags (a file with the same bytes, a payment, a cancelled
 * duplicate), and so can a limit: every live `request` or `limites` event drops them all, on every
 * instance. Every reviewer of a team reads the same oldest requests, so between two changes the
 * queue's flags cost nothing.
 */

export type FlagsCache = LiveCache<Flag[]>;

export function createFlagsCache(
  options: Omit<LiveCacheOptions, "maxEntries"> & { maxEntries?: number },
): FlagsCache {
  return createLiveCache<Flag[]>({
    ...options,
    maxEntries: options.maxEntries ?? 5_000,
    drops: (event) => (event.type === "request" || event.type === "limites" ? "all" : undefined),
  });
}
