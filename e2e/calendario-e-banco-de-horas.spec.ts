import path from "node:path";
import type { Browser } from "@playwright/test";
import { expect, test } from "./fixtures";
import { choose } from "./forms";
import { joinRh, personBrowser, uniqueName } from "./people";
import { PASSWORD, signInThroughEmail, uniqueEmail } from "./support";

/*
 * 'Assinar calendário' and 'Banco de horas' (docs/decisions/060), one browser per person: RH
 * credits hours and the person sees the balance on 'Minha conta' and on the Ausência form; a
 * person makes a calendar address, the test fetches it, and a new link turns the old one off.
 */

const SHOTS = path.resolve(".e2e", "screenshots");
const PHONE = { width: 390, height: 844 };

/** The same person in another browser (a phone), signed in with their password. */
async function samePersonOn(browser: Browser, baseURL: string | undefined, email: string) {
  const other = await personBrowser(browser, baseURL, PHONE);
  const login = await other.page.request.post("/api/login", { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  return other;
}

test.describe("'Banco de horas' and 'Assinar calendário' (docs/decisions/060)", () => {
  test("RH credits hours; the person sees the balance on 'Minha conta' and on the Ausência form", async ({
    page,
    browser,
    baseURL,
    signIn,
  }) => {
    const name = uniqueName("Bia");
    const { email } = await signIn({ name });
    const rhEmail = uniqueEmail("rh");
    const rh = await personBrowser(browser, baseURL);
    try {
      await signInThroughEmail(rh.page, { email: rhEmail, name: "Rita RH" });
      await joinRh(browser, baseURL, rhEmail);

      await rh.page.goto("/banco-de-horas");
      await expect(rh.page.getByRole("heading", { level: 1, name: "Banco de horas" })).toBeVisible();
      // Nothing chosen: the form says what is missing, in Portuguese.
      await rh.page.getByRole("button", { name: "Lançar horas" }).click();
      await expect(rh.page.getByText("Escolha a pessoa").last()).toBeVisible();
      await expect(rh.page.getByText("Informe o motivo")).toBeVisible();

      await choose(rh.page, "Pessoa", new RegExp(name));
      await rh.page.getByLabel("Horas", { exact: true }).fill("6");
      await rh.page.getByLabel("Minutos").fill("30");
      await rh.page.getByLabel("Motivo").fill("Entrega do site no fim de semana");
      await rh.page.getByRole("button", { name: "Lançar horas" }).click();
      await expect(rh.page.getByText("Horas lançadas")).toBeVisible();
      const row = rh.page.getByRole("row").filter({ hasText: email });
      await expect(row).toContainText("6h30");
      await rh.page.screenshot({ path: path.join(SHOTS, "banco-de-horas-rh-1280.png"), fullPage: true });

      await page.goto("/conta");
      const section = page.getByRole("region", { name: "Banco de horas" });
      await expect(section.getByTestId("saldo-banco-de-horas")).toHaveText("6h30");
      await expect(section).toContainText("Entrega do site no fim de semana");
      await expect(section).toContainText("Próximos a vencer");
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, "banco-de-horas-conta-1280.png") });

      await page.goto("/ausencia");
      await choose(page, "Tipo de ausência", "Banco de horas");
      await expect(page.getByText("Seu saldo no banco de horas é")).toContainText("6h30");

      const phone = await samePersonOn(browser, baseURL, email);
      await phone.page.goto("/conta");
      const phoneSection = phone.page.getByRole("region", { name: "Banco de horas" });
      await expect(phoneSection.getByTestId("saldo-banco-de-horas")).toHaveText("6h30");
      await phoneSection.scrollIntoViewIfNeeded();
      await phone.page.screenshot({ path: path.join(SHOTS, "banco-de-horas-conta-390.png") });
      await phone.context.close();

      const rhPhone = await samePersonOn(browser, baseURL, rhEmail);
      await rhPhone.page.goto("/banco-de-horas");
      await expect(rhPhone.page.getByRole("listitem").filter({ hasText: name })).toContainText("6h30");
      await rhPhone.page.screenshot({ path: path.join(SHOTS, "banco-de-horas-rh-390.png"), fullPage: true });
      await rhPhone.context.close();
    } finally {
      await rh.context.close();
    }
  });

  test("a person makes a calendar address, a calendar app reads it, and a new link turns the old off", async ({
    page,
    browser,
    baseURL,
    signIn,
  }) => {
    const { email } = await signIn({ name: uniqueName("Caio") });
    await page.goto("/quem-esta-fora");
    await page.getByRole("button", { name: "Assinar calendário" }).click();
    const dialog = page.getByRole("dialog", { name: "Assinar calendário" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Google Agenda");
    await expect(dialog).toContainText("Outlook");
    await dialog.getByRole("button", { name: "Gerar link" }).click();
    const whoIsAway = dialog.getByRole("textbox", { name: "Quem está fora" });
    await expect(whoIsAway).toHaveValue(/\/calendario\/[A-Za-z0-9_-]{43}\/quem-esta-fora\.ics$/);
    const first = await whoIsAway.inputValue();
    const own = await dialog.getByRole("textbox", { name: "Minhas ausências" }).inputValue();
    await page.screenshot({ path: path.join(SHOTS, "assinar-calendario-1280.png") });

    // A calendar server fetches it without a session.
    const reader = await browser.newContext({ baseURL });
    for (const url of [first, own]) {
      const feed = await reader.request.get(new URL(url).pathname);
      expect(feed.status()).toBe(200);
      expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
      expect(await feed.text()).toContain("BEGIN:VCALENDAR");
    }
    expect(await (await reader.request.get(new URL(first).pathname)).text()).toContain("Quem está fora");

    await dialog.getByRole("button", { name: "Gerar novo link" }).click();
    await expect(whoIsAway).not.toHaveValue(first);
    expect((await reader.request.get(new URL(first).pathname)).status()).toBe(404);
    expect((await reader.request.get(new URL(await whoIsAway.inputValue()).pathname)).status()).toBe(200);
    await reader.close();

    const phone = await samePersonOn(browser, baseURL, email);
    await phone.page.goto("/quem-esta-fora");
    await phone.page.getByRole("button", { name: "Assinar calendário" }).click();
    const phoneDialog = phone.page.getByRole("dialog", { name: "Assinar calendário" });
    await expect(phoneDialog).toContainText("Você já tem um link ativo");
    await phone.page.screenshot({ path: path.join(SHOTS, "assinar-calendario-390.png") });
    await phoneDialog.getByRole("button", { name: "Gerar novo link" }).click();
    await expect(phoneDialog.getByRole("textbox", { name: "Quem está fora" })).toHaveValue(
      /quem-esta-fora\.ics$/,
    );
    await phone.page.screenshot({ path: path.join(SHOTS, "assinar-calendario-links-390.png") });
    await phone.context.close();
  });
});
