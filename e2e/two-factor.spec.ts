import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, PASSWORD, seriousA11yViolations, test } from "./fixtures";
import { freePort, waitUntilReady } from "./global-setup";
import { personBrowser } from "./people";

/*
 * docs/decisions/054 to 056: the authenticator app switched on on 'Minha conta' and asked for at
 * sign-in; a Financeiro member sent to enrol right after signing in (on a server of this spec's own,
 * with REQUIRE_SECOND_FACTOR on); each new screen photographed at a desktop's and a phone's size.
 */

const SHOTS = path.resolve(".e2e", "screenshots");
const PHONE = { width: 390, height: 844 };

/** The code the app shows now for the key the page shows (spaces between its groups). */
function codeFor(key: string): Promise<string> {
  const secret = new TextDecoder().decode(base32.decode(key.replace(/\s/g, "")));
  return createOTP(secret, { digits: 6, period: 30 }).totp();
}

async function signInWithPassword(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

/** 'Ativar' on the section: the password, the key read from the page, its code; the recovery codes shown. */
async function enrolOnPage(page: Page, shot?: string) {
  const section = page.getByRole("region", { name: /Verificação em duas etapas/ });
  const ativar = section.getByRole("button", { name: "Ativar", exact: true });
  // 'Minha conta' shows 'Ativar' first; the page of who must enrol starts at the password.
  await expect(ativar.or(section.getByLabel("Sua senha"))).toBeVisible();
  if (await ativar.isVisible()) await ativar.click();
  await section.getByLabel("Sua senha").fill(PASSWORD);
  await section.getByRole("button", { name: "Continuar" }).click();
  const key = (await section.getByTestId("totp-secret").textContent()) ?? "";
  await expect(section.getByRole("img", { name: /QR code/ })).toBeVisible();
  if (shot) await page.screenshot({ path: path.join(SHOTS, `${shot}-qr.png`), fullPage: true });
  // Before any toast: a fading one is what axe would judge.
  if (shot) expect(await seriousA11yViolations(page)).toEqual([]);
  await section.getByLabel("Código do aplicativo").fill("000000");
  await section.getByRole("button", { name: "Ativar" }).click();
  await expect(section.getByLabel("Código do aplicativo")).toHaveAccessibleDescription(
    "Confira o código no aplicativo autenticador e tente de novo.",
  );
  await section.getByLabel("Código do aplicativo").fill(await codeFor(key));
  await section.getByRole("button", { name: "Ativar" }).click();
  const codes = page.getByTestId("recovery-codes");
  await expect(codes.getByRole("listitem")).toHaveCount(10);
  if (shot) await page.screenshot({ path: path.join(SHOTS, `${shot}-codigos.png`), fullPage: true });
  const recovery = await codes.getByRole("listitem").allInnerTexts();
  await codes.getByRole("button", { name: "Concluir" }).click();
  return { key, recovery };
}

test.describe("the authenticator app", () => {
  test("switched on on 'Minha conta', then asked for after the password; a recovery code works once", async ({
    page,
    signIn,
    browser,
    baseURL,
  }) => {
    const { email } = await signIn({ name: "Tania Totp" });
    await page.goto("/conta");
    const { key, recovery } = await enrolOnPage(page, "segundo-fator-1280");
    await expect(page.getByTestId("recovery-codes-left")).toHaveText(
      "10 de 10 códigos de recuperação disponíveis.",
    );

    // Signed out, the password alone is not enough any more: a phone signs in with the code.
    const phone = await personBrowser(browser, baseURL, PHONE);
    await signInWithPassword(phone.page, email);
    await expect(phone.page.getByRole("heading", { name: "Verificação em duas etapas" })).toBeVisible();
    await phone.page.screenshot({ path: path.join(SHOTS, "segundo-fator-login-390.png"), fullPage: true });
    expect(await seriousA11yViolations(phone.page)).toEqual([]);
    await phone.page.getByLabel("Código").fill("000000");
    await phone.page.getByRole("button", { name: "Verificar" }).click();
    await expect(phone.page.getByText("Código incorreto").first()).toBeVisible();
    await phone.page.getByLabel("Código").fill(await codeFor(key));
    await phone.page.getByRole("button", { name: "Verificar" }).click();
    await expect(phone.page).toHaveURL(/\/$/);
    await phone.context.close();

    // Without the phone: a recovery code, once.
    await page.context().clearCookies();
    await signInWithPassword(page, email);
    await page.getByRole("button", { name: "Usar um código de recuperação" }).click();
    await page.screenshot({ path: path.join(SHOTS, "segundo-fator-recuperacao-1280.png"), fullPage: true });
    await page.getByLabel("Código de recuperação").fill(recovery[0]!);
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.context().clearCookies();
    await signInWithPassword(page, email);
    await page.getByRole("button", { name: "Usar um código de recuperação" }).click();
    await page.getByLabel("Código de recuperação").fill(recovery[0]!);
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(page.getByText("Código de recuperação inválido").first()).toBeVisible();
  });

  test("on a phone: the QR code, the key and the codes fit the screen", async ({ browser, baseURL }) => {
    const phone = await personBrowser(browser, baseURL, PHONE);
    const email = `telefone.${Date.now().toString(36)}@agencia.digital`;
    const { signInThroughEmail } = await import("./support");
    await signInThroughEmail(phone.page, { email, name: "Paulo Fone" });
    await phone.page.goto("/conta");
    await enrolOnPage(phone.page, "segundo-fator-390");
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.context.close();
  });
});

/* A server of this spec's own: the shared one runs with REQUIRE_SECOND_FACTOR=false (global-setup.ts). */

const ENFORCING_ADMIN = "chefe.2fa@agencia.digital";

async function startEnforcingServer(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  // A name, not an address: WebAuthn refuses an IP address as the relying party (the passkey tests).
  const url = `http://localhost:${port}`;
  const dataDir = path.resolve(".e2e", `two-factor-data-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ["dist/server/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      BACKUP_DIR: path.join(dataDir, "backups"),
      DATABASE_URL: "",
      SMTP_URL: "",
      ADMIN_EMAILS: ENFORCING_ADMIN,
      REQUIRE_EMAIL_VERIFICATION: "false",
      REQUIRE_SECOND_FACTOR: "true",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitUntilReady(url, child);
  return { url, child };
}

/** The administrator signs in and enrols through the API: they too must have a second factor. */
async function enrolledAdmin(request: APIRequestContext) {
  const registered = await request.post("/api/register", {
    data: { name: "Chefe Admin", email: ENFORCING_ADMIN, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  expect(
    (await request.post("/api/login", { data: { email: ENFORCING_ADMIN, password: PASSWORD } })).ok(),
  ).toBe(true);
  expect((await request.get("/api/admin/equipes")).status()).toBe(403);
  const started = await request.post("/api/me/segundo-fator/totp", { data: { password: PASSWORD } });
  const { secret } = (await started.json()) as { secret: string };
  const confirmed = await request.post("/api/me/segundo-fator/totp/confirmar", {
    data: { code: await codeFor(secret) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

/** A new account, put in Financeiro by the administrator. */
async function financeMember(admin: APIRequestContext, email: string, name: string) {
  const registered = await admin.post("/api/register", {
    data: { name, email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const page = await (await admin.get("/api/admin/equipes")).json();
  const team = page.teams.find((t: { name: string }) => t.name === "Financeiro");
  expect(team.secondFactorRequired).toBe(true);
  const saved = await admin.put(`/api/admin/equipes/${team.id}`, {
    data: { name: team.name, kinds: team.kinds, departamentos: team.departamentos, members: [email] },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

test.describe("a second factor required by team", () => {
  let server: { url: string; child: ChildProcess } | null = null;
  let admin: APIRequestContext | null = null;
  test.beforeAll(async ({ playwright }) => {
    server = await startEnforcingServer();
    admin = await playwright.request.newContext({ baseURL: server.url });
    await enrolledAdmin(admin);
  });
  test.afterAll(async () => {
    await admin?.dispose();
    server?.child.kill("SIGTERM");
    if (server) await new Promise((r) => server!.child.once("exit", r));
  });

  test("a Financeiro member is sent to enrol right after signing in, and can do nothing else until then", async ({
    browser,
  }) => {
    const email = `fabio.${Date.now().toString(36)}@agencia.digital`;
    await financeMember(admin!, email, "Fábio Finanças");

    for (const [viewport, size] of [
      [PHONE, "390"],
      [{ width: 1280, height: 800 }, "1280"],
    ] as const) {
      const { context, page } = await personBrowser(browser, server!.url, viewport);
      await signInWithPassword(page, email);
      await expect(page).toHaveURL(/\/verificacao-em-duas-etapas$/);
      await expect(
        page.getByRole("heading", { name: "Verificação em duas etapas obrigatória" }),
      ).toBeVisible();
      await page.screenshot({
        path: path.join(SHOTS, `segundo-fator-obrigatorio-${size}.png`),
        fullPage: true,
      });
      expect(await seriousA11yViolations(page)).toEqual([]);
      // Typing another address changes nothing: the page stays, and the server refuses the Caixa.
      await page.goto("/caixa");
      await expect(page).toHaveURL(/\/verificacao-em-duas-etapas$/);
      expect((await page.request.get("/api/caixa")).status()).toBe(403);
      if (size === "1280") {
        await enrolOnPage(page);
        await expect(page).toHaveURL(/\/$/);
        expect((await page.request.get("/api/caixa")).status()).toBe(200);
      }
      await context.close();
    }
  });

  test("a passkey: registered on 'Minha conta', then the way in on /login (DevTools' virtual authenticator)", async ({
    browser,
  }) => {
    const email = `paula.${Date.now().toString(36)}@agencia.digital`;
    const { context, page } = await personBrowser(browser, server!.url);
    await withAuthenticator(page);
    const registered = await page.request.post("/api/register", {
      data: { name: "Paula Passkey", email, password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(registered.status()).toBe(201);
    await signInWithPassword(page, email);
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/conta");
    await page.getByRole("button", { name: "Adicionar chave de acesso" }).click();
    const list = page.getByRole("list", { name: "Chaves de acesso cadastradas" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await list.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, "chave-de-acesso-1280.png"), fullPage: true });

    await context.clearCookies();
    await page.goto("/login");
    await page.getByRole("button", { name: "Entrar com chave de acesso" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await (await page.request.get("/api/me")).json()).user.email).toBe(email);
    await context.close();
  });

  test("a Financeiro member may enrol with a passkey instead, and is let in", async ({ browser }) => {
    const email = `fabia.${Date.now().toString(36)}@agencia.digital`;
    await financeMember(admin!, email, "Fábia Chave");
    const { context, page } = await personBrowser(browser, server!.url, PHONE);
    await withAuthenticator(page);
    await signInWithPassword(page, email);
    await expect(page).toHaveURL(/\/verificacao-em-duas-etapas$/);
    await page.getByRole("button", { name: "Usar uma chave de acesso" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get("/api/caixa")).status()).toBe(200);
    // Signing in with it later counts as the second factor too.
    await context.clearCookies();
    await page.goto("/login");
    await page.getByRole("button", { name: "Entrar com chave de acesso" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get("/api/caixa")).status()).toBe(200);
    // Her password alone no longer does: the passkey is asked for before anything else.
    await context.clearCookies();
    await signInWithPassword(page, email);
    await expect(page.getByRole("heading", { name: "Entre com a sua chave de acesso" })).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, "chave-de-acesso-exigida-390.png"), fullPage: true });
    expect((await page.request.get("/api/caixa")).status()).toBe(403);
    await page.getByRole("button", { name: "Entrar com chave de acesso" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get("/api/caixa")).status()).toBe(200);
    await context.close();
  });
});

/** A platform authenticator that holds discoverable credentials and verifies its user (a fingerprint). */
async function withAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}
