import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import type { CaughtMail } from "../src/server/testing/smtp-sink";
import { expect, PASSWORD, seriousA11yViolations, skipSplash, test, uniqueEmail } from "./fixtures";
import { openConfirmationLink, readMails, signInThroughEmail } from "./support";

const SHOTS = path.resolve(".e2e", "screenshots");
const PHONE = { width: 390, height: 844 };

/** Every confirmation e-mail sent to `email` so far, oldest first. */
function confirmationMails(email: string): CaughtMail[] {
  return readMails().filter((m) => m.to.includes(email.toLowerCase()) && /Confirme/.test(m.subject));
}

async function waitForConfirmations(email: string, count: number): Promise<CaughtMail[]> {
  await expect.poll(() => confirmationMails(email).length, { timeout: 15_000 }).toBe(count);
  return confirmationMails(email);
}

async function registerThroughForm(page: Page, name: string, email: string, password = PASSWORD) {
  await page.goto("/register");
  await page.getByLabel("Nome", { exact: true }).fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByLabel("Confirmar senha").fill(password);
  await page.getByRole("button", { name: "Cadastrar" }).click();
  await expect(page.getByText("Cadastro realizado com sucesso!")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
}

async function otherBrowser(
  browser: Browser,
  baseURL: string | undefined,
  viewport = { width: 1280, height: 800 },
) {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
  });
  const page = await context.newPage();
  await skipSplash(page);
  return { context, page };
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

test.describe("confirming the e-mail (pending sign-ups)", () => {
  test("the sign-up form refuses a 2-letter name with the spec's message", async ({ page }) => {
    await page.goto("/register");
    await page.getByLabel("Nome", { exact: true }).fill("Jo");
    await page.getByLabel("Email").fill(uniqueEmail("jo"));
    await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirmar senha").fill(PASSWORD);
    await page.getByRole("button", { name: "Cadastrar" }).click();
    await expect(page.getByText("Nome inválido")).toBeVisible();
    await expect(page.locator("#register-name-error")).toHaveText("Nome deve ter pelo menos 3 caracteres");
    await expect(page).toHaveURL(/\/register$/);
  });

  test("opened in another browser: the set-password page, then sign-in with the password chosen there", async ({
    page,
    browser,
    baseURL,
  }) => {
    const email = uniqueEmail("outro.navegador");
    await registerThroughForm(page, "Ana Souza", email);
    const [mail] = await waitForConfirmations(email, 1);

    // The phone: no nonce cookie, so the link confirms nothing by itself.
    const phone = await otherBrowser(browser, baseURL, PHONE);
    await phone.page.goto(mail!.links[0]!);
    await expect(phone.page).toHaveURL(/\/confirmar-email\?token=/);
    await expect(phone.page.getByRole("heading", { level: 1, name: "Confirme seu email" })).toBeVisible();
    await expect(phone.page.getByText(email)).toBeVisible();
    await expect(phone.page.getByLabel("Nome", { exact: true })).toHaveValue("Ana Souza");
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await phone.page.screenshot({ path: path.join(SHOTS, "confirmar-email-390.png"), fullPage: true });

    await phone.page.getByLabel("Senha", { exact: true }).fill("nova-senha-1");
    await phone.page.getByLabel("Confirmar senha").fill("outra-senha");
    await phone.page.getByRole("button", { name: "Confirmar email" }).click();
    await expect(phone.page.getByText("Senhas não conferem")).toBeVisible();
    await phone.page.getByLabel("Confirmar senha").fill("nova-senha-1");
    await phone.page.getByRole("button", { name: "Confirmar email" }).click();

    await expect(phone.page).toHaveURL(/\/login$/);
    await expect(phone.page.getByText("Email confirmado!")).toBeVisible();
    await expect(phone.page.getByLabel("Email")).toHaveValue(email);
    // The password typed at sign-up did not survive.
    await phone.page.getByLabel("Senha").fill(PASSWORD);
    await phone.page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(phone.page.getByText("Credenciais inválidas")).toBeVisible();
    await signInWithPassword(phone.page, email, "nova-senha-1");
    await expect(phone.page).toHaveURL(/\/$/);
    await expect(phone.page.getByRole("heading", { level: 1 })).toContainText("Ana");

    // Spent: the link no longer works anywhere, even in the browser that registered.
    await page.goto(mail!.links[0]!);
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText("Link inválido ou expirado")).toBeVisible();
    await phone.context.close();
  });

  test("'Reenviar e-mail de confirmação' on /login sends a new link, and the old one dies", async ({
    page,
  }) => {
    const email = uniqueEmail("reenviar");
    await registerThroughForm(page, "Bruno Lima", email);
    const [first] = await waitForConfirmations(email, 1);
    await expect(page.getByRole("button", { name: "Reenviar e-mail de confirmação" })).toHaveCount(0);

    await page.getByLabel("Senha").fill(PASSWORD);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByText("Email não confirmado")).toBeVisible();
    const resend = page.getByRole("button", { name: "Reenviar e-mail de confirmação" });
    await expect(resend).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, "login-reenviar-1280.png") });
    await resend.click();
    await expect(page.getByText("Email de confirmação reenviado!")).toBeVisible();
    const mails = await waitForConfirmations(email, 2);
    const second = mails[1]!;
    expect(second.links[0]).not.toBe(first!.links[0]);

    await page.goto(first!.links[0]!);
    await expect(page.getByText("Link inválido ou expirado")).toBeVisible();
    // The browser that registered still confirms the new link in one click.
    await openConfirmationLink(page, second.links[0]!);
    await signInWithPassword(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/$/);
  });

  test("the resend button also follows a refused magic link", async ({ page }) => {
    const email = uniqueEmail("magico");
    await registerThroughForm(page, "Carla Dias", email);
    await page.getByRole("button", { name: /link mágico/i }).click();
    await page.getByRole("button", { name: "Enviar link mágico" }).click();
    await expect(page.getByText("Email não confirmado")).toBeVisible();
    await page.getByRole("button", { name: "Reenviar e-mail de confirmação" }).click();
    await expect(page.getByText("Email de confirmação reenviado!")).toBeVisible();
    await waitForConfirmations(email, 2);
  });
});

test.describe("Minha conta", () => {
  test("changes the name (top bar and prefilled forms follow); refuses a 2-letter one", async ({
    page,
    signIn,
  }) => {
    await signIn({ name: "Ana Souza" });
    await page.goto("/");
    await page
      .getByRole("banner")
      .getByRole("link", { name: /^Ana \(Minha conta\)$/ })
      .click();
    await expect(page).toHaveURL(/\/conta$/);
    await expect(page.getByRole("heading", { level: 1, name: "Minha conta" })).toBeVisible();
    const nameField = page.getByLabel("Nome", { exact: true });
    await expect(nameField).toHaveValue("Ana Souza");

    await nameField.fill("Jo");
    await page.getByRole("button", { name: "Salvar nome" }).click();
    await expect(page.locator("#conta-nome-error")).toHaveText("Nome deve ter pelo menos 3 caracteres");
    await expect(page.getByTestId("user-first-name")).toHaveText("Ana");

    await nameField.fill("  Beatriz Lima ");
    await page.getByRole("button", { name: "Salvar nome" }).click();
    await expect(page.getByText("Nome atualizado!")).toBeVisible();
    await expect(page.getByTestId("user-first-name")).toHaveText("Beatriz");
    await expect(nameField).toHaveValue("Beatriz Lima");
    await expect(page.getByRole("button", { name: "Salvar nome" })).toBeDisabled();
    await page.screenshot({ path: path.join(SHOTS, "conta-1280.png"), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto("/reembolso");
    await expect(page.getByLabel("Nome do colaborador")).toHaveValue("Beatriz Lima");
    await page.reload();
    await expect(page.getByTestId("user-first-name")).toHaveText("Beatriz");
  });

  test("'Sair de todas as sessões' ends this session and the other device's, and lands on /login", async ({
    page,
    browser,
    baseURL,
  }) => {
    const { email } = await signInThroughEmail(page, { name: "Davi Rocha" });
    const laptop = await otherBrowser(browser, baseURL);
    const login = await laptop.page.request.post("/api/login", { data: { email, password: PASSWORD } });
    expect(login.status()).toBe(200);
    await laptop.page.goto("/");
    await expect(laptop.page.getByTestId("user-first-name")).toHaveText("Davi");

    await page.goto("/conta");
    await page.getByRole("button", { name: "Sair de todas as sessões" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Sessões encerradas")).toBeVisible();
    await page.goto("/conta");
    await expect(page).toHaveURL(/\/login$/);

    // The other device is signed out too: its next visit lands on /login.
    expect((await laptop.page.request.get("/api/me")).status()).toBe(401);
    await laptop.page.goto("/conta");
    await expect(laptop.page).toHaveURL(/\/login$/);
    await laptop.context.close();
  });

  test("on a phone (390×844) the top bar's name opens the page, which fits", async ({ browser, baseURL }) => {
    const phone = await otherBrowser(browser, baseURL, PHONE);
    await signInThroughEmail(phone.page, { name: "Elisa Prado" });
    await phone.page.goto("/");
    await phone.page
      .getByRole("banner")
      .getByRole("link", { name: /^Elisa \(Minha conta\)$/ })
      .click();
    await expect(phone.page.getByRole("heading", { level: 1, name: "Minha conta" })).toBeVisible();
    await expect(phone.page.getByRole("button", { name: "Sair de todas as sessões" })).toBeVisible();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await phone.page.screenshot({ path: path.join(SHOTS, "conta-390.png"), fullPage: true });
    await phone.context.close();
  });
});
