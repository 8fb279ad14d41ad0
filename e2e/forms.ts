import type { Locator, Page } from "@playwright/test";
import { addDays } from "../src/domain/dates";
import { expect } from "./fixtures";

/*
 * What a person does on the form kit's fields (src/web/components/form), shared by the specs:
 * a Radix select picked by its label, a date chosen in the calendar's dropdowns, and the dates the
 * tests count from (São Paulo's today, as the server counts).
 */

/** Today in São Paulo, yyyy-mm-dd. */
export const saoPauloToday = () => new Date().toLocaleDateString("sv-SE", { timeZone: "America/Sao_Paulo" });

/** 'dezembro': a month's name as the calendars write it. */
export const monthName = (iso: string) =>
  new Date(`${iso.slice(0, 7)}-15T12:00:00Z`).toLocaleDateString("pt-BR", { month: "long", timeZone: "UTC" });

/**
 * Opens a select (Radix) by its label and picks an option: a text is matched exactly. A long list
 * scrolled to its option grows its 'scroll up' arrow and moves under the pointer, so a click can
 * land beside the option and leave the list open (seen once under a loaded CI): as a person would,
 * the pick is made again until the field shows it.
 */
export async function choose(page: Page, label: string, option: string | RegExp) {
  const field = page.getByRole("combobox", { name: label });
  const listbox = page.getByRole("listbox");
  await expect(async () => {
    if (!(await listbox.isVisible())) await field.click({ timeout: 2_000 });
    await page
      .getByRole("option", { name: option, exact: typeof option === "string" })
      .click({ timeout: 2_000 });
    await expect(field).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Picks `iso` in a form's date field as a person does: the field's button, the year and month
 * dropdowns, then the day. The field is found by its label, inside `within` when the page has more
 * than one; its calendar is named 'Escolha o <label>' unless told.
 */
export async function pickDay(
  page: Page,
  field: string,
  iso: string,
  options: { within?: Locator; calendar?: string } = {},
) {
  const button = (options.within ?? page).getByRole("button", { name: field });
  await button.click();
  const calendar = page.getByRole("dialog", { name: options.calendar ?? `Escolha o ${field.toLowerCase()}` });
  await expect(calendar).toBeVisible();
  const [year, day, month] = [iso.slice(0, 4), Number(iso.slice(8, 10)), monthName(iso)];
  await calendar.getByRole("combobox", { name: "Ano" }).selectOption(year);
  await calendar
    .getByRole("combobox", { name: "Mês" })
    .selectOption({ label: month.charAt(0).toUpperCase() + month.slice(1) });
  await calendar.getByRole("button", { name: new RegExp(`^\\S+, ${day} de ${month} de ${year}`) }).click();
  await expect(calendar).toBeHidden();
  await expect(button).toContainText(`${iso.slice(8, 10)}/${iso.slice(5, 7)}/${year}`);
}

/** The office's days off (GET /api/feriados, as the server counts them) of `from`'s year and the next. */
export async function officeHolidays(page: Page, from: string): Promise<ReadonlySet<string>> {
  const days = new Set<string>();
  for (const ano of [Number(from.slice(0, 4)), Number(from.slice(0, 4)) + 1]) {
    const answer = await page.request.get(`/api/feriados?ano=${ano}`);
    expect(answer.status(), await answer.text()).toBe(200);
    for (const day of (await answer.json()).feriados as { data: string }[]) days.add(day.data);
  }
  return days;
}

/**
 * The first Monday on or after `from` on which 'Férias' may start (CLT art. 134, paragraph 3): the Monday,
 * and the Tuesday and Wednesday after it, are not days off. A vacation starting on it never meets
 * the start rule, whatever day the test runs.
 */
export function vacationMonday(from: string, holidays: ReadonlySet<string>): string {
  let day = from;
  while (
    new Date(`${day}T12:00:00Z`).getUTCDay() !== 1 ||
    [0, 1, 2].some((n) => holidays.has(addDays(day, n)))
  )
    day = addDays(day, 1);
  return day;
}
