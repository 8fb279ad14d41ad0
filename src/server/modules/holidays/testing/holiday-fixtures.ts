import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { addDays, todayInSaoPaulo } from "@/domain/dates";
import { absenceMessages } from "@/domain/requests/kinds/ausencia/options";
import { isBusinessDate } from "@/domain/sla/business-hours";
import type { App } from "../../../app";
import type { Person } from "../../../testing/people";
import { postAusencia } from "../../../testing/requests";
import type { TestContext } from "../../../testing/test-app";

/* What the 'Feriados' API tests share (docs/decisions/060). */

type Call = { method?: "GET" | "PUT" | "POST" | "DELETE"; url: string; payload?: unknown };

export function call(app: App, who: Person | null, { method = "GET", url, payload }: Call) {
  return app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** The test app's tables are emptied by the harness; the calendar's are this module's to empty. */
export async function emptyCalendar(ctx: TestContext) {
  await ctx.database.db.execute(sql`delete from dias_da_agencia`);
  await ctx.database.db.execute(sql`delete from calendario_escritorio`);
  await ctx.app.holidayLoader.reload();
}

/**
 * A weekday the office works, five weeks or more ahead: within the year an absence may be asked
 * for, and clear of the test's other days (`skip` moves a week on for each).
 */
export function workingDayAhead(skip = 0): string {
  let day = addDays(todayInSaoPaulo(), 35 + 7 * skip);
  while (!isBusinessDate(day)) day = addDays(day, 1);
  return day;
}

/** A one-day 'Folga' on `day`: answers the status and, when refused, the field messages. */
export async function oneDayOff(ctx: TestContext, app: App, who: Person, day: string) {
  const res = await postAusencia({ ...ctx, app }, who, { tipo: "folga", primeiroDia: day, ultimoDia: day });
  return { status: res.statusCode, fields: Object.values(res.json().fields ?? {}) as string[] };
}

/** The refusal of a period with no working day in it: the day is a day off. */
export function expectNoWorkingDay(answer: { status: number; fields: string[] }) {
  expect(answer.status).toBe(400);
  expect(answer.fields).toContain(absenceMessages.noWorkingDays);
}
