/*
 * Calendar arithmetic on 'yyyy-mm-dd' strings through UTC dates: a plan's days
 * are calendar days, never instants, so no time zone may shift them.
 */

const DAY_MS = 86_400_000;

export type MonthWeek = {
  /** 1-based. */
  index: number;
  /** First day, 'yyyy-mm-dd'. */
  inicio: string;
  /** Last day, 'yyyy-mm-dd', clipped to the month. */
  fim: string;
};

const WEEKDAY_NAMES = [
  "domingo",
  "segunda-feira",
  "terça-feira",
  "quarta-feira",
  "quinta-feira",
  "sexta-feira",
  "sábado",
] as const;

function pad(value: number, width = 2): string {
  return String(value).padStart(width, "0");
}

/** Refuses what no plan has, before it turns into silent nonsense like a 13th month. */
export function assertYearMonth(year: number, month: number): void {
  // Easter's algorithm is defined for the Gregorian calendar only.
  if (!Number.isInteger(year) || year < 1583 || year > 9999) throw new RangeError(`Ano inválido: ${year}`);
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`Mês inválido: ${month}`);
}

export function isoDate(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

function toDate(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

function toIso(date: Date): string {
  return isoDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

export function addDays(iso: string, days: number): string {
  return toIso(new Date(toDate(iso).getTime() + days * DAY_MS));
}

/** 0 is Sunday, as Date.getUTCDay. */
export function dayOfWeek(iso: string): number {
  return toDate(iso).getUTCDay();
}

export function weekdayName(iso: string): string {
  return WEEKDAY_NAMES[dayOfWeek(iso)] ?? "";
}

/** Days from `from` to `to`, both 'yyyy-mm-dd'. */
export function daysBetween(from: string, to: string): number {
  return Math.round((toDate(to).getTime() - toDate(from).getTime()) / DAY_MS);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** '2026-11-07' → '07/11', the way the plan labels its weeks. */
export function dayMonth(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
}

/**
 * The month cut into Sunday-to-Saturday weeks, as Brazilian calendars print
 * them: the first week starts on the 1st, whatever its weekday, and the last
 * one stops at the month's last day. A month has 4, 5 or 6 of them.
 */
export function weeksOfMonth(year: number, month: number): MonthWeek[] {
  assertYearMonth(year, month);
  const last = isoDate(year, month, daysInMonth(year, month));
  const weeks: MonthWeek[] = [];
  let inicio = isoDate(year, month, 1);
  while (inicio <= last) {
    const fim = addDays(inicio, Math.min(6 - dayOfWeek(inicio), daysBetween(inicio, last)));
    weeks.push({ index: weeks.length + 1, inicio, fim });
    inicio = addDays(fim, 1);
  }
  return weeks;
}

/** The week holding `iso`, or undefined when the date is outside the month. */
export function weekContaining(weeks: readonly MonthWeek[], iso: string): MonthWeek | undefined {
  return weeks.find((week) => week.inicio <= iso && iso <= week.fim);
}

/** 'Semana 1 (01/11 a 07/11)'. */
export function weekLabel(week: MonthWeek): string {
  return `Semana ${week.index} (${dayMonth(week.inicio)} a ${dayMonth(week.fim)})`;
}
