import type { AbsenceCalendar } from "@/domain/absences/api";
import { createLiveCache, type LiveCache, type LiveCacheOptions } from "../../live/live-cache";

/*
 * 'Quem está fora' kept per month (docs/decisions/040, 060): the answer is the same for every
 * signed-in person and changes only when an absence enters or leaves the calendar (the live
 * `ausencias` event) or the office's calendar changes (`feriados`), both heard by every instance;
 * either drops every month. At 5,000 people a month's answer was the query, a pt-BR sort of 5,000
 * names and 400 KB of JSON on every call (docs/bench.md); kept, a call is a lookup and a text
 * already made (serialized once, as the first page of 'Minhas solicitações').
 */

export type AbsenceMonthsCache = LiveCache<AbsenceCalendar>;

export function createAbsenceMonthsCache(
  options: Omit<LiveCacheOptions, "maxEntries"> & { maxEntries?: number },
): AbsenceMonthsCache {
  return createLiveCache<AbsenceCalendar>({
    ...options,
    maxEntries: options.maxEntries ?? 36,
    drops: (event) => (event.type === "ausencias" || event.type === "feriados" ? "all" : undefined),
  });
}
