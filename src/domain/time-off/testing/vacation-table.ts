import { addDays } from "../../dates";
import { acquisitionPeriod } from "../acquisition";
import type { ProblemCode } from "../messages";
import { checkVacation, type VacationCheck, type VacationSlice } from "../vacation-rules";

/*
 * The calendar the tables of the CLT's vacation articles are written on. One person, admitted on
 * Monday 2024-03-04: acquisition period 1 runs to 2025-03-03, its concession period to 2026-03-03,
 * its abono may be asked until 2025-02-16. "Today" is 2025-01-02 unless a row says otherwise; no
 * holidays unless a row lists them. The slices start on Mondays (2025-04-07, 05-05, 06-02, 07-07),
 * where no start rule bites.
 */

export const PERIOD = acquisitionPeriod("2024-03-04", 1);
export const TODAY = "2025-01-02";
export const [APR, MAY, JUN, JUL] = ["2025-04-07", "2025-05-05", "2025-06-02", "2025-07-07"] as const;

/** A slice of `days` calendar days from `first`, selling `soldDays`. */
export function slice(first: string, days: number, soldDays = 0): VacationSlice {
  return { first, last: addDays(first, days - 1), soldDays };
}

/** The earlier slices of the period, laid on the Mondays of April, May and June. */
export function earlier(...lengths: number[]): VacationSlice[] {
  return lengths.map((days, index) => slice([APR, MAY, JUN][index]!, days));
}

/** One case written from the law's text: the article, the request, and what the rules answer. */
export interface Row {
  law: string;
  case: string;
  candidate: VacationSlice;
  existing?: VacationSlice[];
  entitlement?: number;
  today?: string;
  holidays?: string[];
  abonoAskedOn?: string;
  refusals: ProblemCode[];
  /** The refusals' texts, exactly, where the row is the one that shows them. */
  messages?: string[];
  notices?: ProblemCode[];
}

/** checkVacation on a row, with the defaults above (30 days earned). */
export function checkRow(row: Row): VacationCheck {
  const holidays = new Set(row.holidays ?? []);
  return checkVacation({
    period: PERIOD,
    entitlement: row.entitlement ?? 30,
    existing: row.existing ?? [],
    candidate: row.candidate,
    today: row.today ?? TODAY,
    isHoliday: (day) => holidays.has(day),
    ...(row.abonoAskedOn ? { abonoAskedOn: row.abonoAskedOn } : {}),
  });
}
