import { addDays } from "../src/domain/dates";
import { expect, seriousA11yViolations, test } from "./fixtures";
import { choose, monthName, officeHolidays, pickDay, saoPauloToday, vacationMonday } from "./forms";
import { joinRh, personBrowser, uniqueName } from "./people";
import { signInThroughEmail, uniqueEmail } from "./support";

/*
 * 'Ausência' to 'Quem está fora' (decisions 039 and 040), one browser per
 * person: the requester files it, RH (the built-in team with key 'rh') takes
 * and approves it from 'Caixa de entrada', and both the requester's list and a
 * colleague's calendar on a phone change without a reload.
 */

const dayMonth = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

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

      // 'Férias' may not start in the 2 days before a Sunday or a holiday (CLT art. 134, paragraph 3).
      const from = addDays(saoPauloToday(), 20);
      const first = vacationMonday(from, await officeHolidays(page, from));
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
