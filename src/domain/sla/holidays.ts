/*
 * Brazilian national holidays, the days the service-level clock stops
 * (decision 014). Fixed ones by federal law: Lei 662/1949 as
 * amended by Lei 10.607/2002 (1/1, 21/4, 1/5, 7/9, 15/11, 25/12), Lei
 * 6.802/1980 (12/10), Finados (2/11, Lei 10.607/2002) and Lei 14.759/2023
 * (20/11, from 2024). Of the movable dates only Good Friday ('Paixão de
 * Cristo') is a holiday in the federal government's yearly calendar; Carnaval
 * and Corpus Christi are 'ponto facultativo' there (decision 014).
 *
 * The days the office is closed are more: its state's and city's holidays, the optional days the
 * agency observes and its own days (docs/decisions/060). They are the holiday source's, set once
 * by the server at its start (and again when 'Feriados' changes) and by the web once it has read
 * them; until then, and for the planning generator's clients, the national ones.
 */

import type { Holiday } from "../calendar/holidays";
import { addDays } from "../dates";
import { easterSunday } from "../planning/generator/commemorative-dates";

const FIXED: ReadonlyArray<readonly [month: number, day: number, since?: number]> = [
  [1, 1],
  [4, 21],
  [5, 1],
  [9, 7],
  [10, 12],
  [11, 2],
  [11, 15],
  [11, 20, 2024],
  [12, 25],
];

const pad = (n: number) => String(n).padStart(2, "0");

const cache = new Map<number, ReadonlySet<string>>();

/** The year's national holidays as 'yyyy-mm-dd'. */
export function nationalHolidays(year: number): ReadonlySet<string> {
  let set = cache.get(year);
  if (!set) {
    const days = FIXED.filter(([, , since]) => !since || year >= since).map(
      ([m, d]) => `${year}-${pad(m)}-${pad(d)}`,
    );
    days.push(addDays(easterSunday(year), -2));
    set = new Set(days);
    cache.set(year, set);
  }
  return set;
}

export function isNationalHoliday(isoDate: string): boolean {
  return nationalHolidays(Number(isoDate.slice(0, 4))).has(isoDate);
}

/** The office's holidays of a year: what closes it, by date. */
export type HolidaySource = (year: number) => readonly Holiday[];

const nationalSource: HolidaySource = (year) =>
  [...nationalHolidays(year)].map((data) => ({ data, nome: "Feriado nacional", tipo: "nacional" as const }));

let source: HolidaySource = nationalSource;
const officeCache = new Map<number, ReadonlyMap<string, Holiday>>();

/** Sets where the office's holidays come from (null: the national ones again), dropping what was derived. */
export function setHolidaySource(next: HolidaySource | null) {
  source = next ?? nationalSource;
  officeCache.clear();
  dayCache.clear();
}

/** The office's holidays of `year`, by date. */
export function officeHolidaysOf(year: number): ReadonlyMap<string, Holiday> {
  let days = officeCache.get(year);
  if (!days) {
    days = new Map(source(year).map((holiday) => [holiday.data, holiday]));
    officeCache.set(year, days);
  }
  return days;
}

/** The office's holiday on a 'yyyy-mm-dd' day, if it is one. */
export function officeHolidayOn(isoDate: string): Holiday | undefined {
  return officeHolidaysOf(Number(isoDate.slice(0, 4))).get(isoDate);
}

export function isOfficeHoliday(isoDate: string): boolean {
  return officeHolidayOn(isoDate) !== undefined;
}

const DAY_MS = 24 * 3600_000;
const dayCache = new Map<number, readonly number[]>();

/**
 * The year's office holidays that fall on a weekday, as days since
 * 1970-01-01 (the business-hours arithmetic counts days, not dates).
 */
export function weekdayHolidayNumbers(year: number): readonly number[] {
  let days = dayCache.get(year);
  if (!days) {
    days = [...officeHolidaysOf(year).keys()]
      .map((iso) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS))
      .filter((day) => {
        const weekday = (day + 4) % 7;
        return weekday !== 0 && weekday !== 6;
      })
      .sort((a, b) => a - b);
    dayCache.set(year, days);
  }
  return days;
}
