import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OfficeCalendar } from "@/domain/calendar/api";
import type { Holiday } from "@/domain/calendar/holidays";
import { todayInSaoPaulo } from "@/domain/dates";
import { nationalHolidays, setHolidaySource } from "@/domain/sla/holidays";
import { api } from "./api-client";
import { apiPaths } from "./api-paths";

/*
 * The office's calendar in the browser (docs/decisions/060): the web counts working days and
 * shades days off with the same holidays as the server, so every year the API answered is handed
 * to the process-wide holiday source; a year it has not answered counts the national holidays,
 * as the source does by default. The current and the next year are read once the person is
 * signed in (an absence may be asked for up to a year ahead), and again on the `feriados` live
 * event, which invalidates this key.
 */

const years = new Map<number, readonly Holiday[]>();

const national = (year: number): Holiday[] =>
  [...nationalHolidays(year)].map((data) => ({ data, nome: "Feriado nacional", tipo: "nacional" }));

/** Makes `calendar`'s year count as the server counts it. */
export function rememberOfficeCalendar(calendar: OfficeCalendar) {
  years.set(calendar.ano, calendar.feriados);
  setHolidaySource((year) => years.get(year) ?? national(year));
}

/** Under ["feriados"]: the live event of that name asks again (lib/live-events.ts). */
export function officeCalendarQueryOptions(ano: number) {
  return queryOptions({
    queryKey: ["feriados", ano] as const,
    queryFn: async ({ signal }) => {
      const calendar = await api.get<OfficeCalendar>(apiPaths.holidays.calendar(ano), { signal });
      rememberOfficeCalendar(calendar);
      return calendar;
    },
  });
}

/** Mounted once in the signed-in layout, beside the live events. */
export function useOfficeHolidays(userId: string | null | undefined) {
  const year = Number(todayInSaoPaulo().slice(0, 4));
  const enabled = Boolean(userId);
  useQuery({ ...officeCalendarQueryOptions(year), enabled, staleTime: Number.POSITIVE_INFINITY });
  useQuery({ ...officeCalendarQueryOptions(year + 1), enabled, staleTime: Number.POSITIVE_INFINITY });
}
