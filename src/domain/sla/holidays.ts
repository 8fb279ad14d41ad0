/*
 * Brazilian national holidays, the days the service-level clock stops
 * (decision 014). Fixed ones by federal law: Lei 662/1949 as
 * amended by Lei 10.607/2002 (1/1, 21/4, 1/5, 7/9, 15/11, 25/12), Lei
 * 6.802/1980 (12/10), Finados (2/11, Lei 10.607/2002) and Lei 14.759/2023
 * (20/11, from 2024). Of the movable dates only Good Friday ('Paixão de
 * Cristo') is a holiday in the federal government's yearly calendar; Carnaval
 * and Corpus Christi are 'ponto facultativo' there, so they are business days
 * here (decision 014). State and city holidays are not counted.
 */

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

const DAY_MS = 24 * 3600_000;
const dayCache = new Map<number, readonly number[]>();

/**
 * The year's national holidays that fall on a weekday, as days since
 * 1970-01-01 (the business-hours arithmetic counts days, not dates).
 */
export function weekdayHolidayNumbers(year: number): readonly number[] {
  let days = dayCache.get(year);
  if (!days) {
    days = [...nationalHolidays(year)]
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
