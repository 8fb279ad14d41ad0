/*
 * Business time for the service levels (decision 014): Monday to Friday, 9:00 to
 * 18:00 in São Paulo, the office's holidays excluded (holidays.ts, docs/decisions/060). São Paulo has
 * kept UTC−3 all year since daylight saving time ended in 2019 (Decreto
 * 9.772/2019), so local time is a fixed offset and no time-zone database is
 * needed; instants before 2019 are not service-level data.
 */

import { weekdayHolidayNumbers } from "./holidays";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const OFFSET = 3 * 60 * MINUTE;
export const DAY_START_MINUTE = 9 * 60;
export const DAY_END_MINUTE = 18 * 60;
/** Business minutes in a full business day. */
export const BUSINESS_DAY_MINUTES = DAY_END_MINUTE - DAY_START_MINUTE;

/** Days since 1970-01-01 in São Paulo, and the instant (UTC ms) that day's local midnight is. */
const localDay = (ms: number) => Math.floor((ms - OFFSET) / DAY);
const midnight = (day: number) => day * DAY + OFFSET;

const yearOf = (day: number) => new Date(day * DAY).getUTCFullYear();

function isBusinessDayNumber(day: number): boolean {
  const weekday = (day + 4) % 7; // 1970-01-01 was a Thursday; 0 = Sunday
  if (weekday === 0 || weekday === 6) return false;
  return !weekdayHolidayNumbers(yearOf(day)).includes(day);
}

/** Whether the São Paulo day of this instant is a business day. */
export function isBusinessDay(instant: Date): boolean {
  return isBusinessDayNumber(localDay(instant.getTime()));
}

// Mon–Fri among the first r days of a week that starts on a Thursday (day 0 of 1970).
const WEEKDAYS_IN_FIRST = [0, 1, 2, 2, 2, 3, 4];
/** Monday-to-Friday days in [0, day). */
const weekdaysBefore = (day: number) => Math.floor(day / 7) * 5 + WEEKDAYS_IN_FIRST[day % 7]!;

/**
 * Business days in [from, to), counted, not walked: the Painel classifies
 * thousands of open requests at once, some of them months old.
 */
function businessDaysBetween(from: number, to: number): number {
  if (to <= from) return 0;
  let days = weekdaysBefore(to) - weekdaysBefore(from);
  for (let year = yearOf(from); year <= yearOf(to - 1); year++)
    for (const holiday of weekdayHolidayNumbers(year)) if (holiday >= from && holiday < to) days -= 1;
  return days;
}

/** The business part of one day that [from, to] overlaps, in ms. */
function overlapOn(day: number, from: number, to: number): number {
  if (!isBusinessDayNumber(day)) return 0;
  const open = midnight(day) + DAY_START_MINUTE * MINUTE;
  const close = midnight(day) + DAY_END_MINUTE * MINUTE;
  return Math.max(0, Math.min(close, to) - Math.max(open, from));
}

/** Days since 1970-01-01 of a 'yyyy-mm-dd' date. */
const dayOfDate = (isoDate: string) => Math.round(Date.parse(`${isoDate}T00:00:00Z`) / DAY);

/**
 * Business days from `first` to `last`, both included ('yyyy-mm-dd'): the
 * working days an absence takes, on the calendar the service levels use.
 */
export function businessDaysInPeriod(first: string, last: string): number {
  return businessDaysBetween(dayOfDate(first), dayOfDate(last) + 1);
}

/** Whether a 'yyyy-mm-dd' day is a business day (weekends and the office's holidays are not). */
export function isBusinessDate(isoDate: string): boolean {
  return isBusinessDayNumber(dayOfDate(isoDate));
}

/** Business minutes between two instants (0 when `end` is not after `start`), whole minutes rounded down. */
export function businessMinutesBetween(start: Date, end: Date): number {
  const from = start.getTime();
  const to = end.getTime();
  if (!(to > from)) return 0;
  const first = localDay(from);
  const last = localDay(to);
  if (first === last) return Math.floor(overlapOn(first, from, to) / MINUTE);
  const total =
    overlapOn(first, from, to) +
    overlapOn(last, from, to) +
    businessDaysBetween(first + 1, last) * BUSINESS_DAY_MINUTES * MINUTE;
  return Math.floor(total / MINUTE);
}

/**
 * The instant `minutes` business minutes after `start`: the inverse of
 * businessMinutesBetween. Starting outside business hours counts from the next
 * opening; a result that lands on a closing time stays there (not the next opening).
 */
export function addBusinessMinutes(start: Date, minutes: number): Date {
  let left = Math.max(0, minutes) * MINUTE;
  let day = localDay(start.getTime());
  let cursor = start.getTime();
  for (;;) {
    if (isBusinessDayNumber(day)) {
      const open = midnight(day) + DAY_START_MINUTE * MINUTE;
      const close = midnight(day) + DAY_END_MINUTE * MINUTE;
      const from = Math.max(open, cursor);
      if (from < close || (left === 0 && from <= close)) {
        if (from + left <= close) return new Date(from + left);
        left -= close - from;
      }
    }
    day++;
    cursor = midnight(day);
  }
}

export function addBusinessHours(start: Date, hours: number): Date {
  return addBusinessMinutes(start, Math.round(hours * 60));
}
