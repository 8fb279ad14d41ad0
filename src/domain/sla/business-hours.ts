/*
 * Business time for the service levels (issue 12): Monday to Friday, 9:00 to
 * 18:00 in São Paulo, national holidays excluded (holidays.ts). São Paulo has
 * kept UTC−3 all year since daylight saving time ended in 2019 (Decreto
 * 9.772/2019), so local time is a fixed offset and no time-zone database is
 * needed; instants before 2019 are not service-level data.
 */

import { isNationalHoliday } from "./holidays";

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

function isBusinessDayNumber(day: number): boolean {
  const weekday = (day + 4) % 7; // 1970-01-01 was a Thursday; 0 = Sunday
  if (weekday === 0 || weekday === 6) return false;
  return !isNationalHoliday(new Date(day * DAY).toISOString().slice(0, 10));
}

/** Whether the São Paulo day of this instant is a business day. */
export function isBusinessDay(instant: Date): boolean {
  return isBusinessDayNumber(localDay(instant.getTime()));
}

/** Business minutes between two instants (0 when `end` is not after `start`), whole minutes rounded down. */
export function businessMinutesBetween(start: Date, end: Date): number {
  const from = start.getTime();
  const to = end.getTime();
  if (!(to > from)) return 0;
  let total = 0;
  for (let day = localDay(from); day <= localDay(to); day++) {
    if (!isBusinessDayNumber(day)) continue;
    const open = midnight(day) + DAY_START_MINUTE * MINUTE;
    const close = midnight(day) + DAY_END_MINUTE * MINUTE;
    const overlap = Math.min(close, to) - Math.max(open, from);
    if (overlap > 0) total += overlap;
  }
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
