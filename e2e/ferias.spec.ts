import type { Page, TestInfo } from "@playwright/test";
import { addDays, formatDateBR } from "../src/domain/dates";
import { addYears } from "../src/domain/time-off/acquisition";
import { expect, seriousA11yViolations, test } from "./fixtures";
import { choose, officeHolidays, pickDay, saoPauloToday, vacationMonday } from "./forms";
import { personBrowser, teamFor, uniqueName } from "./people";
import { PASSWORD, signInThroughEmail, uniqueEmail } from "./support";

/*
 * Vacation balances and the CLT's rules end to end (docs/decisions/060), one browser per person. RH
 * (a team of this test's own that handles 'Ausência') records a person's admission date on
 * 'Pessoas' and imports two more from a CSV (a refused line first, then the fixed file); the person
 * reads 'Saldo de férias' on 'Minha conta' on a phone, is refused the splits and starts the CLT
 * forbids on the Ausência form, each with its message under its field, then sends what the
 * law allows: the complete period's 30 days in three parts (14, 10 and 6), and 20 days selling 10
 * from the next one (the abono
 * must be asked before a period ends, so it is never allowed from a period complete long ago). RH
 * reads both on 'Férias da equipe', the first with 'Aviso com menos de 30 dias'.
 *
 * The dates count from today: the admission 2 years less 45 days ago makes period 1 complete with
 * its deadline 44 days ahead, and period 2 end that same day; the starts are Mondays whose Monday,
 * Tuesday and Wednesday are no office holiday (GET /api/feriados), so no day of the year flakes.
 */

const PHONE = { width: 390, height: 844 };
const SENT = "Sua solicitação de ausência foi enviada ao RH.";

async function phoneFits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** A whole-page screenshot from the top: the sticky header is drawn where the page was scrolled to. */
async function fullShot(page: Page, file: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true });
}

/** Clicks 'Enviar solicitação': `message` under the field whose control is `field`, and in the toast. */
async function refusedOn(page: Page, field: string, message: string) {
  await page.getByRole("button", { name: "Enviar solicitação" }).click();
  const control =
    field === "Vender 1/3 das férias (dias)"
      ? page.getByLabel(field)
      : page.getByRole("button", { name: field });
  await expect(control).toHaveAccessibleDescription(
    new RegExp(message.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")),
  );
  await expect(page.locator('[id$="-error"]').filter({ hasText: message })).toBeVisible();
  await expect(
    page.locator('[data-sonner-toast][data-visible="true"]').filter({ hasText: message }).first(),
  ).toBeVisible();
}

/** The CSV import on 'Pessoas': `lines` as RH's spreadsheet saved them, chosen through 'Importar CSV'. */
async function importCsv(page: Page, lines: string[]) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Importar CSV" }).click();
  await (await chooser).setFiles({
    name: "admissoes.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`, "utf8"),
  });
}

/** RH on 'Pessoas': the person's 'Data de admissão', and two more people from a CSV. */
async function rhRecordsAdmissions(
  page: Page,
  testInfo: TestInfo,
  person: { name: string; email: string; admission: string },
  imported: [string, string],
) {
  await page.goto("/admin/pessoas");
  await expect(page.getByRole("heading", { level: 1, name: "Pessoas" })).toBeVisible();
  await page.getByLabel("Buscar").fill(person.name);
  const row = page
    .getByRole("list", { name: "Contas" })
    .getByRole("listitem")
    .filter({ hasText: person.email });
  await expect(row).toContainText("Sem data de admissão");
  // 'Desativar' is the administrators'; RH only records dates.
  await expect(row.getByRole("button", { name: "Desativar" })).toHaveCount(0);
  await row.getByRole("button", { name: "Registrar data de admissão" }).click();
  await pickDay(page, "Data de admissão", person.admission, {
    within: row,
    calendar: "Escolha a data de admissão",
  });
  await row.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Data de admissão salva")).toBeVisible();
  await expect(row).toContainText(`Admissão: ${formatDateBR(person.admission)}`);

  const [first, second] = imported;
  await importCsv(page, ["e-mail;data de admissão", `${first};15/03/2021`, `${second};31/02/2024`]);
  const refused = page.getByRole("alert").filter({ hasText: "Nenhuma data foi importada" });
  await expect(refused).toContainText('Linha 3: Data inválida: "31/02/2024" (use dd/mm/aaaa ou aaaa-mm-dd).');
  await expect(refused.getByRole("listitem")).toHaveCount(1);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await fullShot(page, testInfo.outputPath("pessoas-1280.png"));

  await importCsv(page, ["e-mail;data de admissão", `${first};15/03/2021`, `${second};2024-02-29`]);
  await expect(page.getByText("2 datas de admissão importadas")).toBeVisible();
  await expect(refused).toHaveCount(0);
}

test.describe("'Férias': balances and the CLT's rules (docs/decisions/060)", () => {
  test("RH records admissions; the person reads the balance, is refused what the CLT forbids and sends what it allows", async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const today = saoPauloToday();
    const admission = addDays(addYears(today, -2), 45);
    const period1End = addDays(addYears(admission, 1), -1);
    const period2End = addDays(addYears(admission, 2), -1);
    const name = uniqueName("Vera");
    const rhEmail = uniqueEmail("rh");
    const imported: [string, string] = [uniqueEmail("admitida"), uniqueEmail("admitido")];
    const rh = await personBrowser(browser, baseURL);
    const phone = await personBrowser(browser, baseURL, PHONE);
    const desktop = await personBrowser(browser, baseURL);
    try {
      await signInThroughEmail(rh.page, { email: rhEmail, name: "Rita RH" });
      await teamFor(browser, baseURL, [rhEmail], { kinds: ["ausencia"] });
      const { email } = await signInThroughEmail(phone.page, { name });
      const holidays = await officeHolidays(phone.page, today);
      // Period 1 (complete) in three parts, 14 + 10 + 6 days, from a Monday soon (under 30 days'
      // notice), each part on the first allowed Monday after the last. Period 2 once it is complete.
      const m1 = vacationMonday(addDays(today, 3), holidays);
      const part2 = vacationMonday(addDays(m1, 14), holidays);
      const part3 = vacationMonday(addDays(part2, 10), holidays);
      const m2 = vacationMonday([addDays(period2End, 1), addDays(part3, 6)].sort().at(-1)!, holidays);

      await rhRecordsAdmissions(rh.page, testInfo, { name, email, admission }, imported);

      // 'Minha conta' on the phone: the figures of each period and the deadline.
      await phone.page.goto("/conta");
      const section = phone.page.getByRole("region", { name: "Saldo de férias" });
      await expect(section).toContainText(`30 dias disponíveis · tirar até ${formatDateBR(period2End)}`);
      await expect(section).toContainText(`admissão em ${formatDateBR(admission)}`);
      const periods = section.getByRole("listitem");
      await expect(periods).toHaveCount(2);
      await expect(periods.nth(0)).toContainText(
        `Período ${formatDateBR(admission)} a ${formatDateBR(period1End)}`,
      );
      await expect(periods.nth(0)).toContainText(
        "Direito 30 dias · vendidos 0 · tirados 0 · agendados 0 · restam 30 dias",
      );
      await expect(periods.nth(0)).toContainText(`Tirar até ${formatDateBR(period2End)}`);
      await expect(periods.nth(1)).toContainText("(em aquisição)");
      await expect(periods.nth(1)).toContainText(`Vender 1/3 até ${formatDateBR(addDays(period2End, -15))}`);
      await phoneFits(phone.page);
      expect(await seriousA11yViolations(phone.page)).toEqual([]);
      await section.screenshot({ path: testInfo.outputPath("minha-conta-saldo-390.png") });
      await fullShot(phone.page, testInfo.outputPath("minha-conta-390.png"));

      // The Ausência form: the balance while the type is Férias, and each CLT refusal on its field.
      await phone.page.goto("/ausencia");
      await choose(phone.page, "Tipo de ausência", "Férias");
      const note = phone.page.getByRole("region", { name: "Saldo de férias" });
      await expect(note).toContainText(`30 dias disponíveis · tirar até ${formatDateBR(period2End)}`);
      const acquiring = `Em aquisição: 30 dias para férias a partir de ${formatDateBR(addDays(period2End, 1))}`;
      await expect(note).toContainText(
        `${acquiring} · vender 1/3 até ${formatDateBR(addDays(period2End, -15))}`,
      );
      await pickDay(phone.page, "Primeiro dia", m1);
      await pickDay(phone.page, "Último dia", addDays(m1, 3));
      await refusedOn(phone.page, "Último dia", "Cada parte das férias deve ter ao menos 5 dias corridos.");

      const friday = addDays(m1, 4);
      await pickDay(phone.page, "Último dia", addDays(friday, 19));
      await pickDay(phone.page, "Primeiro dia", friday);
      await refusedOn(
        phone.page,
        "Primeiro dia",
        "As férias não podem começar nos 2 dias antes de um feriado ou do descanso semanal (domingo).",
      );

      // Period 1 ended long ago: its abono could only be asked up to 15 days before it did.
      await pickDay(phone.page, "Primeiro dia", m1);
      await pickDay(phone.page, "Último dia", addDays(m1, 19));
      await phone.page.getByLabel("Vender 1/3 das férias (dias)").fill("10");
      await refusedOn(
        phone.page,
        "Vender 1/3 das férias (dias)",
        `O abono pecuniário deve ser pedido até ${formatDateBR(addDays(period1End, -15))}.`,
      );
      await phoneFits(phone.page);
      expect(await seriousA11yViolations(phone.page)).toEqual([]);
      await fullShot(phone.page, testInfo.outputPath("ausencia-ferias-recusa-390.png"));

      // Period 1 split in three, nothing sold: 14 days, then 10, then 6, each allowed.
      await phone.page.getByLabel("Vender 1/3 das férias (dias)").fill("");
      await pickDay(phone.page, "Último dia", addDays(m1, 13));
      await phone.page.getByRole("button", { name: "Enviar solicitação" }).click();
      await expect(phone.page.getByText(SENT)).toBeVisible();
      for (const [first, days] of [
        [part2, 10],
        [part3, 6],
      ] as const) {
        await phone.page.goto("/ausencia");
        await choose(phone.page, "Tipo de ausência", "Férias");
        await pickDay(phone.page, "Primeiro dia", first);
        await pickDay(phone.page, "Último dia", addDays(first, days - 1));
        await phone.page.getByRole("button", { name: "Enviar solicitação" }).click();
        await expect(phone.page.getByText(SENT)).toBeVisible();
      }

      // Period 2 once complete: 20 days, 10 sold, asked more than 15 days before it ends.
      await phone.page.goto("/ausencia");
      await choose(phone.page, "Tipo de ausência", "Férias");
      await expect(note).toContainText("0 dias disponíveis");
      await expect(note).toContainText(acquiring);
      await pickDay(phone.page, "Primeiro dia", m2);
      await pickDay(phone.page, "Último dia", addDays(m2, 19));
      await phone.page.getByLabel("Vender 1/3 das férias (dias)").fill("10");
      await phoneFits(phone.page);
      await fullShot(phone.page, testInfo.outputPath("ausencia-ferias-390.png"));
      await phone.page.getByRole("button", { name: "Enviar solicitação" }).click();
      await expect(phone.page.getByText(SENT)).toBeVisible();

      // The request's page: the pay day, 2 days before the start moved back to a working day (art. 145).
      let payDay = addDays(m2, -2);
      while ([0, 6].includes(new Date(`${payDay}T12:00:00Z`).getUTCDay()) || holidays.has(payDay))
        payDay = addDays(payDay, -1);
      await phone.page.goto("/solicitacoes");
      await phone.page
        .getByRole("list", { name: "Solicitações" })
        .getByRole("link")
        .filter({ hasText: `${formatDateBR(m2)} a ${formatDateBR(addDays(m2, 19))}` })
        .click();
      const detail = (label: string) =>
        phone.page
          .locator("dl > div")
          .filter({ has: phone.page.getByText(label, { exact: true }) })
          .locator("dd");
      await expect(detail("Data de pagamento")).toHaveText(formatDateBR(payDay));
      await expect(detail("Dias vendidos (abono)")).toHaveText("10");
      await phoneFits(phone.page);

      // The same person's desktop: the form with the balance.
      const login = await desktop.page.request.post("/api/login", { data: { email, password: PASSWORD } });
      expect(login.status()).toBe(200);
      await desktop.page.goto("/ausencia");
      await choose(desktop.page, "Tipo de ausência", "Férias");
      await expect(desktop.page.getByRole("region", { name: "Saldo de férias" })).toContainText(
        "0 dias disponíveis",
      );
      await expect(desktop.page.getByLabel("Vender 1/3 das férias (dias)")).toBeVisible();
      expect(await seriousA11yViolations(desktop.page)).toEqual([]);
      await fullShot(desktop.page, testInfo.outputPath("ausencia-ferias-1280.png"));

      // RH: 'Férias da equipe'.
      await rh.page.goto("/ferias-equipe");
      await expect(rh.page.getByRole("heading", { level: 1, name: "Férias da equipe" })).toBeVisible();
      const notice = rh.page
        .getByRole("region", { name: "Pedidos de férias a conferir" })
        .getByRole("listitem")
        .filter({ hasText: name });
      const firstPart = notice.filter({ hasText: `${formatDateBR(m1)} a ${formatDateBR(addDays(m1, 13))}` });
      await expect(firstPart).toHaveCount(1);
      await expect(firstPart).toContainText(name);
      await expect(firstPart).toContainText("Aviso com menos de 30 dias");
      const balances = rh.page.getByRole("list", { name: "Saldos de férias" });
      const person = balances.locator(":scope > li").filter({ hasText: email });
      await expect(person).toContainText("0 dias");
      await person.getByRole("button", { name: "Detalhes" }).click();
      await expect(person).toContainText(
        "Direito 30 dias · vendidos 0 · tirados 0 · agendados 30 · restam 0 dias",
      );
      await expect(person).toContainText(
        "Direito 30 dias · vendidos 10 · tirados 0 · agendados 20 · restam 0 dias",
      );
      for (const address of imported) {
        const row = balances.locator(":scope > li").filter({ hasText: address });
        await expect(row).toHaveCount(1);
        await expect(row).not.toContainText("Sem data de admissão");
      }
      expect(await seriousA11yViolations(rh.page)).toEqual([]);
      await person.scrollIntoViewIfNeeded();
      await rh.page.screenshot({ path: testInfo.outputPath("ferias-da-equipe-1280.png") });
      await fullShot(rh.page, testInfo.outputPath("ferias-da-equipe-inteira-1280.png"));

      // RH on a phone: both pages fit.
      const rhPhone = await personBrowser(browser, baseURL, PHONE);
      try {
        const rhLogin = await rhPhone.page.request.post("/api/login", {
          data: { email: rhEmail, password: PASSWORD },
        });
        expect(rhLogin.status()).toBe(200);
        await rhPhone.page.goto("/ferias-equipe");
        const onPhone = rhPhone.page
          .getByRole("list", { name: "Saldos de férias" })
          .locator(":scope > li")
          .filter({ hasText: email });
        await onPhone.getByRole("button", { name: "Detalhes" }).click();
        await expect(onPhone).toContainText("agendados 20");
        await phoneFits(rhPhone.page);
        expect(await seriousA11yViolations(rhPhone.page)).toEqual([]);
        await onPhone.screenshot({ path: testInfo.outputPath("ferias-da-equipe-pessoa-390.png") });
        await rhPhone.page.goto("/admin/pessoas");
        await rhPhone.page.getByLabel("Buscar").fill(name);
        const accounts = rhPhone.page.getByRole("list", { name: "Contas" });
        await expect(accounts.locator(":scope > li")).toHaveCount(1);
        await expect(accounts).toContainText(`Admissão: ${formatDateBR(admission)}`);
        await phoneFits(rhPhone.page);
        await rhPhone.page.screenshot({ path: testInfo.outputPath("pessoas-390.png") });
      } finally {
        await rhPhone.context.close();
      }
    } finally {
      await rh.context.close();
      await phone.context.close();
      await desktop.context.close();
    }
  });
});
