import type { AbsenceCalendar, AbsenceCalendarQuery } from "@/domain/absences/api";
import { comparePeriods, currentMonth, monthBounds } from "@/domain/absences/calendar";
import { todayInSaoPaulo } from "@/domain/dates";
import { officeHolidaysOf } from "@/domain/sla/holidays";
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
    // The office's calendar every count uses (docs/decisions/060), so the names match the shading.
    const feriados = [...officeHolidaysOf(Number(mes.slice(0, 4))).values()]
      .filter((holiday) => holiday.data >= first && holiday.data <= last)
      .sort((a, b) => (a.data < b.data ? -1 : 1));
    // Sorted here, not by the database, whose collation may not be pt-BR's.
    return { mes, ausencias: periods.sort(comparePeriods), feriados };
  }

  return { month };
}

export type AbsencesService = ReturnType<typeof createAbsencesService>;
