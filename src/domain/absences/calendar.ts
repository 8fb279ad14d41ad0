import { formatDateBR, todayInSaoPaulo } from "../dates";
import { dayOfWeek, daysInMonth } from "../planning/generator/calendar";
import { monthGrid } from "../planning/plan-export";
import { isOfficeHoliday } from "../sla/holidays";
import type { AbsencePeriod } from "./api";

/*
 * The month of 'Quem está fora' (docs/decisions/040) as pure pieces the page
 * draws: weeks from Sunday to Saturday, as Brazilian calendars print them,
 * the days people rest, who is away on each day and how a period reads.
 * Months are 'yyyy-mm', days 'yyyy-mm-dd'.
 */

/** The grid's column heads, Sunday first. */
export const WEEKDAY_HEADS = ["dom", "seg", "ter", "qua", "qui", "sex", "sáb"] as const;

/** São Paulo's current month. */
export function currentMonth(today: string = todayInSaoPaulo()): string {
  return today.slice(0, 7);
}

const parts = (mes: string) => [Number(mes.slice(0, 4)), Number(mes.slice(5, 7))] as const;

/** The month `delta` months after (negative: before) `mes`. */
export function shiftMonth(mes: string, delta: number): string {
  const [year, month] = parts(mes);
  const index = year * 12 + (month - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The month's first and last days. */
export function monthBounds(mes: string): { first: string; last: string } {
  const [year, month] = parts(mes);
  return { first: `${mes}-01`, last: `${mes}-${String(daysInMonth(year, month)).padStart(2, "0")}` };
}

const monthFormat = new Intl.DateTimeFormat("pt-BR", { month: "long", year: "numeric", timeZone: "UTC" });

/** 'dezembro de 2026'. */
export function monthLabel(mes: string): string {
  return monthFormat.format(new Date(`${mes}-01T12:00:00Z`));
}

/** The month as weeks of seven days, Sunday first; days of the months around it are null. */
export function monthWeeks(mes: string): (string | null)[][] {
  const [year, month] = parts(mes);
  return monthGrid(year, month);
}

/** A Saturday, a Sunday or one of the office's holidays (src/domain/sla/holidays.ts). */
export function isRestDay(day: string): boolean {
  const weekday = dayOfWeek(day);
  return weekday === 0 || weekday === 6 || isOfficeHoliday(day);
}

/** The names away on `day`, in the order the periods came. */
export function awayOn(day: string, periods: readonly AbsencePeriod[]): string[] {
  return periods.filter((p) => p.primeiroDia <= day && day <= p.ultimoDia).map((p) => p.nome);
}

/** By first day, then by name as a Brazilian reads it. */
export function comparePeriods(a: AbsencePeriod, b: AbsencePeriod): number {
  if (a.primeiroDia !== b.primeiroDia) return a.primeiroDia < b.primeiroDia ? -1 : 1;
  return a.nome.localeCompare(b.nome, "pt-BR");
}

/** '01/12', or '01/12/2026' when the day is of another year than the month shown. */
function shortDay(day: string, mes: string): string {
  const full = formatDateBR(day);
  return day.slice(0, 4) === mes.slice(0, 4) ? full.slice(0, 5) : full;
}

/** 'Ana Souza — 01/12 a 05/12' ('— 01/12' for a single day): the real period, not the month's part. */
export function periodLabel(period: AbsencePeriod, mes: string): string {
  const first = shortDay(period.primeiroDia, mes);
  if (period.primeiroDia === period.ultimoDia) return `${period.nome} — ${first}`;
  return `${period.nome} — ${first} a ${shortDay(period.ultimoDia, mes)}`;
}

/** 'Ninguém fora', '1 pessoa fora', '3 pessoas fora': a day's cell on a phone, read aloud. */
export function awayCountLabel(count: number): string {
  if (count === 0) return "Ninguém fora";
  return count === 1 ? "1 pessoa fora" : `${count} pessoas fora`;
}
