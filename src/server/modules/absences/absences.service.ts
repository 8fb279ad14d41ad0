import type { AbsenceCalendar, AbsenceCalendarQuery } from "@/domain/absences/api";
import { comparePeriods, currentMonth, monthBounds } from "@/domain/absences/calendar";
import { todayInSaoPaulo } from "@/domain/dates";
import type { Executor } from "../../db/client";
import { periodsTouching } from "./absences.queries";

/*
 * 'Quem está fora' (docs/decisions/040): every signed-in person sees the
 * month's approved absences by name, so the answer is the same for everyone
 * and needs no scope.
 */
export function createAbsencesService(deps: { db: Executor; clock?: () => Date }) {
  async function month(query: AbsenceCalendarQuery): Promise<AbsenceCalendar> {
    const mes = query.mes ?? currentMonth(todayInSaoPaulo(deps.clock?.() ?? new Date()));
    const { first, last } = monthBounds(mes);
    const periods = await periodsTouching(deps.db, first, last);
    // Sorted here as well: the database's collation may not be pt-BR's.
    return { mes, ausencias: periods.sort(comparePeriods) };
  }

  return { month };
}

export type AbsencesService = ReturnType<typeof createAbsencesService>;
