import { addDays } from "../dates";
import { HOLIDAY_KINDS, type Holiday, type HolidayKind } from "./holidays";

/*
 * The office's working days: Monday to Friday, minus its holidays. Pure, so the web can count
 * an absence's days with the same calendar the server uses.
 */

const STRENGTH = new Map<HolidayKind, number>(HOLIDAY_KINDS.map((kind, index) => [kind, index]));
const strength = (kind: HolidayKind) => STRENGTH.get(kind)!;

/**
 * One holiday per date, sorted by date. When lists name the same day, the stronger kind wins
 * and its name is kept (nacional > estadual > municipal > agencia > facultativo): Corpus
 * Christi observed by the agency stays 'municipal' in São Paulo, where the city's law makes it
 * a holiday for everyone. Between equals, the first listed wins.
 */
export function mergeHolidays(...lists: readonly (readonly Holiday[])[]): Holiday[] {
  const byDate = new Map<string, Holiday>();
  for (const list of lists)
    for (const holiday of list) {
      const kept = byDate.get(holiday.data);
      if (!kept || strength(holiday.tipo) < strength(kept.tipo)) byDate.set(holiday.data, holiday);
    }
  return [...byDate.values()].sort((a, b) => (a.data < b.data ? -1 : a.data > b.data ? 1 : 0));
}

const DAY_MS = 86_400_000;
/** Days since 1970-01-01 of a 'yyyy-mm-dd' date. */
const dayNumber = (iso: string) => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
/** 0 = Sunday; 1970-01-01 was a Thursday. */
const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7;
const isWeekday = (day: number) => {
  const weekday = weekdayOf(day);
  return weekday !== 0 && weekday !== 6;
};

// Mon–Fri among the first r days of a week that starts on a Thursday (day 0 of 1970).
const WEEKDAYS_IN_FIRST = [0, 1, 2, 2, 2, 3, 4];
/** Monday-to-Friday days in [0, day), for day ≥ 0. */
const weekdaysBefore = (day: number) => Math.floor(day / 7) * 5 + WEEKDAYS_IN_FIRST[day % 7]!;

export type OfficeCalendar = {
  /** One per date, sorted. */
  holidays: readonly Holiday[];
  isHoliday(iso: string): boolean;
  holidayOf(iso: string): Holiday | undefined;
  /** Monday to Friday and not a holiday. */
  isWorkingDay(iso: string): boolean;
  /** Working days from `first` to `last`, both included (0 when `last` is before `first`). */
  workingDaysBetween(first: string, last: string): number;
  /** The last working day strictly before `iso`. */
  previousWorkingDay(iso: string): string;
  /** The holidays from `first` to `last`, both included, sorted. */
  holidaysBetween(first: string, last: string): Holiday[];
};

/**
 * A calendar over the given holidays (any number of years; a day of a year not given counts
 * only its weekend; dates from 1970 on). Lookups go through a Map, and a span is counted rather than walked: an
 * absence or a service level may cover months.
 */
export function createOfficeCalendar(holidays: readonly Holiday[]): OfficeCalendar {
  const sorted = mergeHolidays(holidays);
  const byDate = new Map(sorted.map((holiday) => [holiday.data, holiday]));
  const weekdayHolidays = sorted.map((holiday) => dayNumber(holiday.data)).filter(isWeekday);
  const isWorkingDay = (iso: string) => isWeekday(dayNumber(iso)) && !byDate.has(iso);

  return {
    holidays: sorted,
    isHoliday: (iso) => byDate.has(iso),
    holidayOf: (iso) => byDate.get(iso),
    isWorkingDay,
    workingDaysBetween(first, last) {
      const from = dayNumber(first);
      const to = dayNumber(last) + 1;
      if (!(to > from)) return 0;
      const closed = weekdayHolidays.filter((day) => day >= from && day < to).length;
      return weekdaysBefore(to) - weekdaysBefore(from) - closed;
    },
    previousWorkingDay(iso) {
      // Ends: the holidays are finite, so a working day lies before the earliest of them.
      let day = addDays(iso, -1);
      while (!isWorkingDay(day)) day = addDays(day, -1);
      return day;
    },
    holidaysBetween: (first, last) =>
      sorted.filter((holiday) => holiday.data >= first && holiday.data <= last),
  };
}
