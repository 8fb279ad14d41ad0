import { addDays, dayMonth, type MonthWeek, weekContaining } from "./calendar";
import { type CommemorativeDate, type DateStyle, dateStyle, sameOccasion } from "./commemorative-dates";
import { normalize } from "./text";
import type { UserEvent } from "./user-events";

/*
 * A hook is the reason a post exists this week: a commemorative date or one of
 * the client's own events. Each lands in the week it falls in; an event the
 * text gave no day for goes to a week that has no other hook.
 */

export type HookStyle = DateStyle | "evento";

export type Hook = {
  name: string;
  /** 'yyyy-mm-dd', or null for an event typed without a day. */
  date: string | null;
  style: HookStyle;
  /** The post's 'gancho': 'Black Friday (27/11)'. */
  gancho: string;
};

export type MonthHooks = {
  /** One list per week, in week order. */
  byWeek: Hook[][];
  /** Events dated in another month: told in the insights, not placed in a week. */
  outsideMonth: UserEvent[];
  /** Commemorative dates the client also listed: a sign they matter to this client. */
  highlighted: CommemorativeDate[];
};

function dateHook(date: CommemorativeDate): Hook {
  return {
    name: date.name,
    date: date.date,
    style: dateStyle(date.name),
    gancho: `${date.name} (${dayMonth(date.date)})`,
  };
}

function eventHook(event: UserEvent): Hook {
  const when = event.date ? ` (${dayMonth(event.date)})` : "";
  return {
    name: event.name,
    date: event.date,
    style: "evento",
    gancho: `Evento do cliente: ${event.name}${when}`,
  };
}

/**
 * 'Black Friday' typed in the events field (with its day, or with an offer:
 * 'Black Friday: 3 meses grátis') is our Black Friday, not a second hook.
 */
function matchingDate(event: UserEvent, dates: readonly CommemorativeDate[]): CommemorativeDate | undefined {
  const name = normalize(event.name);
  return dates.find((date) => {
    if (!sameOccasion(event.date, date)) return false;
    const known = normalize(date.name);
    return name.includes(known) || (name.length >= 5 && known.includes(name));
  });
}

function byDate(left: Hook, right: Hook): number {
  return (left.date ?? "9999").localeCompare(right.date ?? "9999");
}

/** Weeks with no hook first, so an undated event gets room of its own. */
function weeksForUndated(byWeek: Hook[][]): number[] {
  const indexes = byWeek.map((_, index) => index);
  return [...indexes.filter((index) => byWeek[index]?.length === 0), ...indexes];
}

/**
 * `yearDates` are the year's other commemorative dates: 'Black Friday: 3
 * meses grátis' typed in an October plan is November's Black Friday, told in
 * the insights as coming up, not an undated event of the client's.
 */
export function planHooks(
  weeks: readonly MonthWeek[],
  dates: readonly CommemorativeDate[],
  events: readonly UserEvent[],
  yearDates: readonly CommemorativeDate[] = [],
): MonthHooks {
  const byWeek: Hook[][] = weeks.map(() => []);
  const place = (iso: string, hook: Hook) => {
    const week = weekContaining(weeks, iso);
    if (week) byWeek[week.index - 1]?.push(hook);
  };
  for (const date of dates) place(date.date, dateHook(date));
  const outsideMonth: UserEvent[] = [];
  const highlighted: CommemorativeDate[] = [];
  const undated: UserEvent[] = [];
  for (const event of events) {
    const known = matchingDate(event, dates);
    const later = known ? undefined : matchingDate(event, yearDates);
    if (known) highlighted.push(known);
    else if (later && !dates.includes(later)) outsideMonth.push({ name: later.name, date: later.date });
    else if (!event.date) undated.push(event);
    else if (weekContaining(weeks, event.date)) place(event.date, eventHook(event));
    else outsideMonth.push(event);
  }
  for (const hooks of byWeek) hooks.sort(byDate);
  const targets = weeksForUndated(byWeek);
  undated.forEach((event, index) => {
    byWeek[targets[index % targets.length] ?? 0]?.push(eventHook(event));
  });
  return { byWeek, outsideMonth, highlighted: [...new Set(highlighted)] };
}

/** Days after the month's end whose dates and events this month's posts warm up for or announce. */
export const UPCOMING_DAYS = 7;

/**
 * The next month's first days seen from this month: a commercial date (Páscoa
 * on 5 April) or a client's event (a fair on 3 December) in the week after the
 * month ends has its warm-up or announcement in this month's last posts.
 */
export function upcomingHooks(
  lastDay: string,
  nextDates: readonly CommemorativeDate[],
  outsideMonth: readonly UserEvent[],
): Hook[] {
  const until = addDays(lastDay, UPCOMING_DAYS);
  const soon = (date: string | null): date is string => date !== null && lastDay < date && date <= until;
  return [
    ...nextDates.filter((date) => soon(date.date) && dateStyle(date.name) === "comercial").map(dateHook),
    // 'Páscoa' typed in a March plan is the date itself, already above.
    ...outsideMonth
      .filter((event) => soon(event.date) && !nextDates.some((date) => date.name === event.name))
      .map(eventHook),
  ].sort(byDate);
}
