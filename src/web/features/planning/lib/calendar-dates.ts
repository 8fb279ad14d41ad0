/*
 * Texts for the calendar's days, in pt-BR. The dates are 'yyyy-mm-dd' of the
 * plan's own calendar, so they are read at noon UTC and written in UTC: no
 * device zone moves them to the day before.
 */
const at = (date: string) => new Date(`${date}T12:00:00Z`);

const weekdayLong = new Intl.DateTimeFormat("pt-BR", { weekday: "long", timeZone: "UTC" });
const dayMonthLong = new Intl.DateTimeFormat("pt-BR", { day: "numeric", month: "long", timeZone: "UTC" });

const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase("pt-BR") + text.slice(1);

/** The grid's column heads, Sunday first (spec §9: weeks start on Sunday). */
export const WEEKDAYS = ["Dom", "Seg", "Ter", "Qua", "Qui", "Sex", "Sáb"] as const;

/** 'Sexta-feira, 12 de novembro' (the agenda's day and a cell's name). */
export function longDay(date: string): string {
  return `${capitalise(weekdayLong.format(at(date)))}, ${dayMonthLong.format(at(date))}`;
}
