import { AGENCY_TIME_ZONE } from "./shell/greeting";

/*
 * Calendar dates travel as 'yyyy-mm-dd' strings (spec §3 reembolso data), which
 * compare correctly as text and carry no time zone. "Today" is always São
 * Paulo's today: a UTC instant late at night is still the previous day there
 * (facts.md, Brazilian formatting).
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, "0");
}

/** True for a real calendar date written 'yyyy-mm-dd' ('2025-02-29' is false). */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  return match !== null && isCalendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

const agencyDateParts = new Intl.DateTimeFormat("en-US", {
  timeZone: AGENCY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** 'yyyy-mm-dd' of São Paulo's calendar at the given instant, whatever the device's zone. */
export function todayInSaoPaulo(now: Date = new Date()): string {
  const parts = agencyDateParts.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return `${pad(part("year"), 4)}-${pad(part("month"))}-${pad(part("day"))}`;
}

/**
 * Spec §5 Reimbursement and §9 Limits: an expense date is not in the future and
 * not before 1 January of the previous year. Both ends are included.
 */
export function reimbursementDateWindow(today: string): { min: string; max: string } {
  const match = ISO_DATE.exec(today);
  if (!match || !isIsoDate(today)) throw new RangeError(`Not a 'yyyy-mm-dd' date: ${today}`);
  return { min: `${pad(Number(match[1]) - 1, 4)}-01-01`, max: today };
}

export function isWithinReimbursementWindow(date: string, today: string): boolean {
  if (!isIsoDate(date)) return false;
  const { min, max } = reimbursementDateWindow(today);
  return date >= min && date <= max;
}

/** The date `days` days after (or, negative, before) a 'yyyy-mm-dd' date. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  const year = date.getUTCFullYear();
  // toISOString's first ten characters, written out: half the cost, and 'Férias da equipe' adds days
  // hundreds of thousands of times (docs/bench.md, 'Time off'). An invalid date still throws there.
  if (!(year >= 0 && year <= 9999)) return date.toISOString().slice(0, 10);
  return `${pad(year, 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** Calendar days from `first` to `last`, both included (0 when `last` is before `first`). */
export function daysInPeriod(first: string, last: string): number {
  const span = (Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000;
  return Math.max(0, Math.round(span) + 1);
}

/** '2025-03-05' → '05/03/2025' (spec §9: pt-BR dates dd/MM/yyyy). Text that is no date is returned as it came. */
export function formatDateBR(isoDate: string): string {
  const match = ISO_DATE.exec(isoDate);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : isoDate;
}

/** '05/03/2025' (or '5/3/2025') → '2025-03-05'; null unless it is a real calendar date ('31/02/2025' is null). */
export function parseDateBR(text: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isCalendarDate(year, month, day) ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : null;
}
