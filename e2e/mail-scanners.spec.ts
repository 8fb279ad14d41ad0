import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, PASSWORD, seriousA11yViolations, test, uniqueEmail, waitForMail } from "./fixtures";
import { personBrowser } from "./people";

/*
 * Microsoft 365 Safe Links, Google and Proofpoint fetch every link of a message (HEAD, then GET,
 * no cookies) before the person clicks it. Here a scanner — a plain HTTP client with a browser's
 * user agent — fetches each e-mailed single-use link first; the person's click then still works.
 */

const SHOTS = path.resolve(".e2e", "screenshots");
const PHONE = { width: 390, height: 844 };
const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** What a scanner does with a link: HEAD, then GET, following redirects, without cookies. */
async function scan(link: string) {
  for (const method of ["HEAD", "GET"]) {
    const res = await fetch(link, { method, redirect: "follow", headers: { "user-agent": CHROME } });
    expect(res.status, `${method} ${link}`).toBeLessThan(500);
    await res.arrayBuffer();
  }
}

async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test.describe("e-mailed links fetched by a mail scanner first", () => {
  test("magic link: the scanner fetches it, then the person's click on the page signs in", async ({
    page,
    signIn,
    browser,
    baseURL,
  }) => {
    const { email } = await signIn({ name: "Sara Scanner" });
    await page.context().clearCookies();
    await page.goto("/login");
    await page.getByRole("button", { name: /link mágico/i }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Enviar link mágico" }).click();
    await expect(page.getByTestId("magic-link-sent")).toBeVisible();
    const link = (await waitForMail(email, /link de acesso/)).links[0]!;
    await scan(link);

    // Opened on the phone: the page, then the click.
    const phone = await personBrowser(browser, baseURL, PHONE);
    await phone.page.goto(link);
    await expect(phone.page.getByRole("heading", { level: 1, name: "Entrar no Balcão" })).toBeVisible();
    await noSideScroll(phone.page);
    await phone.page.screenshot({ path: path.join(SHOTS, "link-de-acesso-390.png"), fullPage: true });
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await phone.page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(phone.page).toHaveURL(/\/$/);
    await expect(phone.page.getByRole("heading", { level: 1 })).toContainText("Sara");
    await phone.context.close();

    // Spent: the desktop that opens it afterwards is told so on the page.
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Entrar no Balcão" })).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, "link-de-acesso-1280.png"), fullPage: true });
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Link inválido ou expirado" })).toBeVisible();
  });

  test("confirmation: the scanner fetches it, then the registering browser confirms with one click", async ({
    browser,
    baseURL,
  }) => {
    const phone = await personBrowser(browser, baseURL, PHONE);
    const email = uniqueEmail("scanner.confirma");
    const registered = await phone.page.request.post("/api/register", {
      data: { name: "Caio Confirma", email, password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(registered.status()).toBe(201);
    const link = (await waitForMail(email, /Confirme/)).links[0]!;
    await scan(link);

    await phone.page.goto(link);
    await expect(phone.page.getByRole("heading", { level: 1, name: "Confirme seu email" })).toBeVisible();
    await expect(phone.page.getByText(email)).toBeVisible();
    // The registering browser is not asked for a password again.
    await expect(phone.page.getByLabel("Senha", { exact: true })).toHaveCount(0);
    await noSideScroll(phone.page);
    await phone.page.screenshot({ path: path.join(SHOTS, "confirmar-email-mesmo-navegador-390.png") });
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await phone.page.getByRole("button", { name: "Confirmar email" }).click();
    await expect(phone.page).toHaveURL(/\/login$/);
    await expect(phone.page.getByText("Email confirmado!")).toBeVisible();
    await phone.page.getByLabel("Email").fill(email);
    await phone.page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
    await phone.page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(phone.page).toHaveURL(/\/$/);
    await phone.context.close();
  });

  test("password reset: the scanner fetches it, then the person sets the new password", async ({
    page,
    signIn,
  }) => {
    const { email } = await signIn({ name: "Rui Reset" });
    await page.context().clearCookies();
    expect((await page.request.post("/api/password-reset/request", { data: { email } })).status()).toBe(200);
    const link = (await waitForMail(email, /Redefina sua senha/)).links[0]!;
    await scan(link);

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Redefinir senha" })).toBeVisible();
    await page.getByLabel("Nova senha", { exact: true }).fill("nova-senha-55");
    await page.getByLabel("Confirmar nova senha").fill("nova-senha-55");
    await page.getByRole("button", { name: "Salvar nova senha" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Senha redefinida!")).toBeVisible();
    await page.getByLabel("Senha", { exact: true }).fill("nova-senha-55");
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
