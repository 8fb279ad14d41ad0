import type { AbsenceCalendar, AbsenceCalendarQuery } from "@/domain/absences/api";
import { comparePeriods, currentMonth, monthBounds } from "@/domain/absences/calendar";
import { todayInSaoPaulo } from "@/domain/dates";
import { officeHolidaysOf } from "@/domain/sla/holidays";
import type { Executor } from "../../db/client";
import type { AbsenceMonthsCache } from "./absence-months-cache";
import { periodsTouching } from "./absences.queries";

/*
 * 'Quem está fora' (docs/decisions/040): every signed-in person sees the
 * month's approved absences by name, so the answer is the same for everyone
 * and needs no scope.
 */
export function createAbsencesService(deps: {
  db: Executor;
  clock?: () => Date;
  /** The months already answered, dropped by the live events (absence-months-cache.ts). */
  cache?: AbsenceMonthsCache;
}) {
  const monthOf = (query: AbsenceCalendarQuery) =>
    query.mes ?? currentMonth(todayInSaoPaulo(deps.clock?.() ?? new Date()));

  /** The month's kept answer, in hand (the same object until an event drops it), or undefined. */
  function cachedMonth(query: AbsenceCalendarQuery): AbsenceCalendar | undefined {
    return deps.cache?.get(monthOf(query));
  }

  async function month(query: AbsenceCalendarQuery): Promise<AbsenceCalendar> {
    const mes = monthOf(query);
    const mark = deps.cache?.mark() ?? 0;
    const answer = await read(mes);
    deps.cache?.set(mes, mark, answer);
    return answer;
  }

  async function read(mes: string): Promise<AbsenceCalendar> {
    const { first, last } = monthBounds(mes);
    const periods = await periodsTouching(deps.db, first, last);
    // The office's calendar every count uses (docs/decisions/060), so the names match the shading.
    const feriados = [...officeHolidaysOf(Number(mes.slice(0, 4))).values()]
      .filter((holiday) => holiday.data >= first && holiday.data <= last)
      .sort((a, b) => (a.data < b.data ? -1 : 1));
    // Sorted here, not by the database, whose collation may not be pt-BR's.
    return { mes, ausencias: periods.sort(comparePeriods), feriados };
  }

  return { month, cachedMonth };
}

export type AbsencesService = ReturnType<typeof createAbsencesService>;
