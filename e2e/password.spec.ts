import path from "node:path";
import type { Page } from "@playwright/test";
import {
  expect,
  openConfirmationLink,
  PASSWORD,
  seriousA11yViolations,
  test,
  uniqueEmail,
  waitForMail,
} from "./fixtures";
import { personBrowser } from "./people";

/*
 * docs/decisions/050 and 051: the password changed on 'Minha conta', a forgotten
 * one reset through the e-mailed link, and the sessions list; each new page
 * photographed at a desktop's and a phone's size.
 */

const SHOTS = path.resolve(".e2e", "screenshots");
const PHONE = { width: 390, height: 844 };
const NEW_PASSWORD = "nova-senha-42";

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

async function noSideScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test.describe("password and sessions", () => {
  test("change the password on 'Minha conta', then sign in with the new one; the other device is signed out", async ({
    page,
    signIn,
    browser,
    baseURL,
  }) => {
    const { email } = await signIn({ name: "Paula Senha" });
    // The same person on a phone.
    const phone = await personBrowser(browser, baseURL, PHONE);
    await signInWithPassword(phone.page, email, PASSWORD);
    await expect(phone.page).toHaveURL(/\/$/);

    await page.goto("/conta");
    const sessions = page.getByRole("list", { name: "Sessões ativas" });
    await expect(sessions.getByRole("listitem")).toHaveCount(2);
    await expect(sessions.getByText("Este dispositivo")).toHaveCount(1);
    await expect(sessions.getByRole("button", { name: /^Encerrar/ })).toHaveCount(1);
    await page.screenshot({ path: path.join(SHOTS, "conta-senha-sessoes-1280.png"), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel("Senha atual").fill("errada-123");
    await page.getByLabel("Nova senha", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Confirmar nova senha").fill(NEW_PASSWORD);
    await expect(page.getByLabel("Sair dos outros dispositivos")).toBeChecked();
    await page.getByRole("button", { name: "Alterar senha" }).click();
    await expect(page.getByText("Senha atual incorreta").first()).toBeVisible();
    await expect(page.getByLabel("Senha atual")).toHaveAccessibleDescription(
      "A senha atual informada não confere. Tente novamente.",
    );

    await page.getByLabel("Senha atual").fill(PASSWORD);
    await page.getByRole("button", { name: "Alterar senha" }).click();
    await expect(page.getByText("Senha alterada!")).toBeVisible();
    await expect(page.getByLabel("Senha atual")).toHaveValue("");
    // This browser stays signed in; the phone's session is gone.
    await expect(sessions.getByRole("listitem")).toHaveCount(1);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Minha conta" })).toBeVisible();
    expect((await phone.page.request.get("/api/me")).status()).toBe(401);

    const mail = await waitForMail(email, /Sua senha foi alterada/);
    expect(mail.text).toContain("foi alterada em");

    await phone.page.goto("/conta");
    await expect(phone.page).toHaveURL(/\/login/);
    await signInWithPassword(phone.page, email, PASSWORD);
    await expect(phone.page.getByText("Credenciais inválidas")).toBeVisible();
    await signInWithPassword(phone.page, email, NEW_PASSWORD);
    await expect(phone.page).toHaveURL(/\/$/);
    await phone.page.goto("/conta");
    await expect(phone.page.getByRole("heading", { level: 2, name: "Senha" })).toBeVisible();
    await noSideScroll(phone.page, PHONE.width);
    await phone.page.screenshot({ path: path.join(SHOTS, "conta-senha-sessoes-390.png"), fullPage: true });
    await phone.context.close();
  });

  test("'Esqueci minha senha': the e-mailed link sets a new password, then sign in with it; the link is single-use", async ({
    page,
    signIn,
    browser,
    baseURL,
  }) => {
    const { email } = await signIn({ name: "Rita Reset" });
    await page.context().clearCookies();

    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("link", { name: "Esqueci minha senha" }).click();
    await expect(page).toHaveURL(/\/esqueci-senha$/);
    await expect(page.getByRole("heading", { level: 1, name: "Esqueci minha senha" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(email);
    await page.screenshot({ path: path.join(SHOTS, "esqueci-senha-1280.png"), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Enviar link" }).click();
    await expect(page.getByText("Verifique seu email")).toBeVisible();

    const mail = await waitForMail(email, /Redefina sua senha/);
    const link = mail.links[0]!;
    expect(new URL(link).pathname).toBe("/redefinir-senha");

    // Opened on a phone.
    const phone = await personBrowser(browser, baseURL, PHONE);
    await phone.page.goto(link);
    await expect(phone.page.getByRole("heading", { level: 1, name: "Redefinir senha" })).toBeVisible();
    await expect(phone.page.getByText(email)).toBeVisible();
    await noSideScroll(phone.page, PHONE.width);
    await phone.page.screenshot({ path: path.join(SHOTS, "redefinir-senha-390.png"), fullPage: true });
    expect(await seriousA11yViolations(phone.page)).toEqual([]);

    await phone.page.getByLabel("Nova senha", { exact: true }).fill("abc");
    await phone.page.getByLabel("Confirmar nova senha").fill("abc");
    await phone.page.getByRole("button", { name: "Salvar nova senha" }).click();
    await expect(phone.page.getByText("A senha deve ter pelo menos 6 caracteres.").first()).toBeVisible();
    await phone.page.getByLabel("Nova senha", { exact: true }).fill(NEW_PASSWORD);
    await phone.page.getByLabel("Confirmar nova senha").fill(NEW_PASSWORD);
    await phone.page.getByRole("button", { name: "Salvar nova senha" }).click();
    await expect(phone.page).toHaveURL(/\/login$/);
    await expect(phone.page.getByText("Senha redefinida!")).toBeVisible();
    await expect(phone.page.getByLabel("Email")).toHaveValue(email);
    await phone.page.getByLabel("Senha", { exact: true }).fill(NEW_PASSWORD);
    await phone.page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(phone.page).toHaveURL(/\/$/);
    await phone.context.close();

    // Spent: the same link now says so, with the way to ask again.
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: "Link inválido ou expirado" })).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, "redefinir-senha-invalido-1280.png"), fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole("link", { name: "Pedir um novo link" }).click();
    await expect(page).toHaveURL(/\/esqueci-senha$/);
  });

  test("the new pages at a phone's and a desktop's size", async ({ browser, baseURL }) => {
    const phone = await personBrowser(browser, baseURL, PHONE);
    await phone.page.goto("/esqueci-senha");
    await expect(phone.page.getByRole("heading", { level: 1, name: "Esqueci minha senha" })).toBeVisible();
    await noSideScroll(phone.page, PHONE.width);
    await phone.page.screenshot({ path: path.join(SHOTS, "esqueci-senha-390.png"), fullPage: true });
    await phone.page.goto("/redefinir-senha?token=nao-existe");
    await expect(
      phone.page.getByRole("heading", { level: 1, name: "Link inválido ou expirado" }),
    ).toBeVisible();
    await phone.page.screenshot({
      path: path.join(SHOTS, "redefinir-senha-invalido-390.png"),
      fullPage: true,
    });
    await phone.context.close();

    // A valid link at a desktop's size: asked through the API.
    const desk = await personBrowser(browser, baseURL);
    const email = uniqueEmail("desk");
    await desk.page.request.post("/api/register", {
      data: { name: "Dora Desk", email, password: PASSWORD, confirmPassword: PASSWORD },
    });
    await openConfirmationLink(desk.page, (await waitForMail(email, /Confirme/)).links[0]!);
    await desk.page.context().clearCookies();
    expect((await desk.page.request.post("/api/password-reset/request", { data: { email } })).status()).toBe(
      200,
    );
    await desk.page.goto((await waitForMail(email, /Redefina sua senha/)).links[0]!);
    await expect(desk.page.getByRole("heading", { level: 1, name: "Redefinir senha" })).toBeVisible();
    await desk.page.screenshot({ path: path.join(SHOTS, "redefinir-senha-1280.png"), fullPage: true });
    await desk.page.goto("/login");
    await desk.page.screenshot({ path: path.join(SHOTS, "login-esqueci-1280.png"), fullPage: true });
    await desk.context.close();
  });
});
