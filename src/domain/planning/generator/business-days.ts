import { isNationalHoliday } from "../../sla/holidays";
import { dayOfWeek } from "./calendar";

/*
 * Business days for channels people read at work (LinkedIn, e-mail): Monday
 * to Friday, national holidays off. The holiday list is the one the service
 * levels count (src/domain/sla/holidays.ts, decision 014), so a plan and an
 * SLA never disagree on whether a day is a working day.
 */

export function isWeekend(iso: string): boolean {
  const weekday = dayOfWeek(iso);
  return weekday === 0 || weekday === 6;
}

export function isBusinessDay(iso: string): boolean {
  return !isWeekend(iso) && !isNationalHoliday(iso);
}

export { isNationalHoliday };
