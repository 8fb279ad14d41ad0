import type { Browser, Page } from "@playwright/test";
import { expect, seriousA11yViolations, test } from "./fixtures";
import { ADMIN, personBrowser } from "./people";
import { signInOrRegister, signInThroughEmail, uniqueEmail } from "./support";

/*
 * 'Ausência' to 'Quem está fora' (decisions 039 and 040), one browser per
 * person: the requester files it, RH (the built-in team with key 'rh') takes
 * and approves it from 'Caixa de entrada', and both the requester's list and a
 * colleague's calendar on a phone change without a reload.
 */

/** 'dezembro': a month's name as the calendars write it. */
const monthName = (iso: string) =>
  new Date(`${iso.slice(0, 7)}-15T12:00:00Z`).toLocaleDateString("pt-BR", { month: "long", timeZone: "UTC" });

const saoPauloToday = () => new Date().toLocaleDateString("sv-SE", { timeZone: "America/Sao_Paulo" });

function addDays(iso: string, days: number) {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const dayMonth = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

/** A name of this attempt's own: the calendar is everyone's, and a retry must not meet the first try's. */
function uniqueName(first: string) {
  const letters = Date.now()
    .toString(36)
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);
  return `${first} ${letters.charAt(0).toUpperCase()}${letters.slice(1)}`;
}

/** Picks `iso` in a form's date field as a person does: year and month dropdowns, then the day. */
async function pickDay(page: Page, field: string, iso: string) {
  await page.getByRole("button", { name: field }).click();
  const calendar = page.getByRole("dialog", { name: `Escolha o ${field.toLowerCase()}` });
  await expect(calendar).toBeVisible();
  const [year, day, month] = [iso.slice(0, 4), Number(iso.slice(8, 10)), monthName(iso)];
  await calendar.getByRole("combobox", { name: "Ano" }).selectOption(year);
  await calendar
    .getByRole("combobox", { name: "Mês" })
    .selectOption({ label: month.charAt(0).toUpperCase() + month.slice(1) });
  await calendar.getByRole("button", { name: new RegExp(`^\\S+, ${day} de ${month} de ${year}`) }).click();
  await expect(calendar).toBeHidden();
  await expect(page.getByRole("button", { name: field })).toContainText(`${dayMonth(iso)}/${year}`);
}

/** Opens a select (Radix) by its label and picks an option. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(page.getByRole("combobox", { name: label })).toContainText(option);
}

/** Puts `email` in the built-in RH team, as an administrator does on 'Equipes e permissões'. */
async function joinRh(browser: Browser, baseURL: string | undefined, email: string) {
  const admin = await personBrowser(browser, baseURL);
  try {
    await signInOrRegister(admin.page, { email: ADMIN, name: "Alice Admin" });
    const page = await admin.page.request.get("/api/admin/equipes");
    const teams = (await page.json()).teams as {
      id: string;
      name: string;
      kinds: string[];
      departamentos: string[];
      members: string[];
    }[];
    const rh = teams.find((team) => team.name === "RH")!;
    expect(rh.kinds).toContain("ausencia");
    const members = rh.members.filter((member) => member !== email);
    const saved = await admin.page.request.put(`/api/admin/equipes/${rh.id}`, {
      data: { name: rh.name, kinds: rh.kinds, departamentos: rh.departamentos, members: [...members, email] },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  } finally {
    await admin.context.close();
  }
}

test.describe("'Quem está fora' (decision 040)", () => {
  test("an approved absence shows live in the requester's list and on a colleague's phone calendar, by name only", async ({
    page,
    browser,
    baseURL,
    signIn,
  }, testInfo) => {
    const name = uniqueName("Lia");
    await signIn({ name });
    const rhEmail = uniqueEmail("rh");
    const rh = await personBrowser(browser, baseURL);
    const phone = await personBrowser(browser, baseURL, { width: 390, height: 844 });
    try {
      await signInThroughEmail(rh.page, { email: rhEmail, name: "Rita RH" });
      await joinRh(browser, baseURL, rhEmail);
      await signInThroughEmail(phone.page, { name: "Caio Colega" });

      const first = addDays(saoPauloToday(), 20);
      const last = addDays(first, 4);
      await page.goto("/ausencia");
      await expect(page.getByRole("heading", { level: 1, name: "Ausência" })).toBeVisible();
      await pickDay(page, "Primeiro dia", first);
      await pickDay(page, "Último dia", last);
      // A medical leave needs its certificate.
      await choose(page, "Tipo de ausência", "Licença médica");
      await page.getByRole("button", { name: "Enviar solicitação" }).click();
      await expect(page.getByText("Anexe o atestado médico")).toBeVisible();
      await choose(page, "Tipo de ausência", "Férias");
      await page.getByLabel("Observação (opcional)").fill("Viagem para a praia com a família");
      await page.getByRole("button", { name: "Enviar solicitação" }).click();
      await expect(page.getByText("Sua solicitação de ausência foi enviada ao RH.")).toBeVisible();

      await page.goto("/solicitacoes");
      const mine = page
        .getByRole("list", { name: "Solicitações" })
        .getByRole("link")
        .filter({ hasText: "Férias" });
      await expect(mine).toContainText("Pendente");

      // The colleague's calendar, open on the month of the first day, before RH decides.
      const mes = first.slice(0, 7);
      await phone.page.goto(`/quem-esta-fora?mes=${mes}`);
      await expect(phone.page.getByRole("heading", { level: 1, name: "Quem está fora" })).toBeVisible();
      await expect(
        phone.page.getByRole("heading", {
          name: `${monthName(first)} de ${mes.slice(0, 4)}`,
          exact: true,
        }),
      ).toBeVisible();
      await expect(phone.page.getByRole("heading", { name: "Neste mês" })).toBeVisible();
      await expect(phone.page.getByText(name)).toHaveCount(0);

      // RH takes and approves it from 'Caixa de entrada'.
      await rh.page.goto("/caixa");
      const card = rh.page
        .getByRole("list", { name: "Caixa de entrada" })
        .getByRole("link")
        .filter({ hasText: name });
      await card.click();
      await expect(rh.page.getByRole("heading", { level: 1, name: "Ausência" })).toBeVisible();
      const actions = rh.page.getByRole("group", { name: "Ações" });
      await actions.getByRole("button", { name: "Assumir" }).click();
      await expect(rh.page.getByRole("region", { name: "Situação" })).toContainText("Em análise");
      await actions.getByRole("button", { name: "Aprovar" }).click();
      await expect(rh.page.getByRole("region", { name: "Situação" })).toContainText("Aprovado");

      // Live: the requester's list and the colleague's calendar, neither reloaded.
      await expect(mine).toContainText("Aprovado");
      const list = phone.page.getByRole("list", { name: "Quem está fora neste mês" });
      await expect(list).toContainText(`${name} — ${dayMonth(first)} a ${dayMonth(last)}`);
      // On a phone the grid counts; the names are in the list. The type and the note are nowhere.
      const grid = phone.page.getByRole("table");
      await expect(grid.getByText(name).first()).toBeHidden();
      await expect(grid.getByTitle("1 pessoa fora").first()).toBeVisible();
      await expect(phone.page.locator("body")).not.toContainText("Férias");
      await expect(phone.page.locator("body")).not.toContainText("Viagem para a praia");
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await phone.page.screenshot({
        path: testInfo.outputPath("quem-esta-fora-celular.png"),
        fullPage: true,
      });

      expect(await seriousA11yViolations(phone.page)).toEqual([]);

      // On a desktop the grid names each day's people.
      await page.goto(`/quem-esta-fora?mes=${mes}`);
      await expect(page.getByRole("table").getByText(name).first()).toBeVisible();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath("quem-esta-fora.png"), fullPage: true });
    } finally {
      await rh.context.close();
      await phone.context.close();
    }
  });

  test("opens on São Paulo's month with today marked, and moves by whole months", async ({
    page,
    signIn,
  }) => {
    await signIn({ name: "Caio Colega" });
    await page.goto("/");
    await page.getByTestId("app-sidebar").getByRole("link", { name: "Quem está fora" }).click();
    await expect(page).toHaveURL(/\/quem-esta-fora$/);
    const today = saoPauloToday();
    const heading = (day: string) =>
      page.getByRole("heading", { name: `${monthName(day)} de ${day.slice(0, 4)}`, exact: true });
    await expect(heading(today)).toBeVisible();
    await expect(page.locator('td[aria-current="date"]')).toContainText(String(Number(today.slice(8, 10))));
    const nextMonth = addDays(`${today.slice(0, 7)}-28`, 7);
    await page.getByRole("button", { name: "Próximo mês" }).click();
    await expect(heading(nextMonth)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`mes=${nextMonth.slice(0, 7)}$`));
    await page.getByRole("button", { name: "Mês anterior" }).click();
    await page.getByRole("button", { name: "Mês anterior" }).click();
    await expect(heading(addDays(`${today.slice(0, 7)}-01`, -1))).toBeVisible();
    await page.getByRole("button", { name: "Hoje" }).click();
    await expect(heading(today)).toBeVisible();
    await expect(page.locator('td[aria-current="date"]')).toBeVisible();
  });
});
