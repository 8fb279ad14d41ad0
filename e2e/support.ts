import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type BrowserContext, expect, type Page } from "@playwright/test";
import type { CaughtMail } from "../src/server/testing/smtp-sink";

const MAIL_DIR = path.resolve(".e2e", "mail");
export const PASSWORD = "segredo123";

/** Every e-mail the SMTP sink of global-setup.ts wrote to .e2e/mail, oldest first (whole files only). */
export function readMails(): CaughtMail[] {
  return readdirSync(MAIL_DIR)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(path.join(MAIL_DIR, f), "utf8")) as CaughtMail);
}

/** The newest e-mail to `to` whose subject matches, once it has come. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = readMails().reverse();
    const found = mails.find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no e-mail "${subject}" to ${to}`);
}

let counter = 0;
/** A unique company address per test, so tests never share users. */
export function uniqueEmail(prefix = "pessoa", domain = "agencia.digital") {
  return `${prefix}.${Date.now().toString(36)}${(++counter).toString(36)}${process.pid}@${domain}`;
}

/**
 * Registers through the API, spends the real confirmation e-mail's token as the confirmation
 * page's 'Confirmar email' does (its POST, from the context that registered), and signs in in
 * this page's context. A set-up for the tests of everything else: drawing the confirmation page
 * and /login for every new person cost each test seconds of a busy machine (decision 069), and
 * that page has walks of its own (auth.spec.ts and accounts.spec.ts, through openConfirmationLink).
 */
export async function signInThroughEmail(page: Page, options: { email?: string; name?: string } = {}) {
  const email = options.email ?? uniqueEmail();
  const name = options.name ?? "Ana Souza";
  const registered = await register(page, { name, email });
  expect(registered.status(), await registered.text()).toBe(201);
  await confirmFromMail(page, email);
  expect((await logIn(page, email)).status()).toBe(200);
  return { email, name };
}

/**
 * Opens an e-mailed confirmation link in the browser that registered and clicks 'Confirmar email'
 * on its page: opening it confirms nothing, since mail scanners open every link first.
 */
export async function openConfirmationLink(page: Page, link: string) {
  await page.goto(link);
  await page.getByRole("button", { name: "Confirmar email" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Email confirmado!")).toBeVisible();
}

/** Opens an e-mailed sign-in link and clicks 'Entrar' on its page, which alone spends the link. */
export async function openMagicLink(page: Page, link: string) {
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Entrar no Balcão" })).toBeVisible();
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
}

/**
 * Signs in as `email`, registering it first only when it does not exist yet:
 * a retried test finds the user its first attempt made.
 */
export async function signInOrRegister(page: Page, options: { email: string; name?: string }) {
  const context = page.context();
  // A shared account (the administrator) signs in once per worker and its session is reused:
  // the server allows 10 logins per address in 15 minutes, and many tests act as it.
  const kept = sessionCookies.get(options.email);
  if (kept) {
    await context.addCookies(kept);
    const me = await page.request.get("/api/me");
    if (me.ok()) return { email: options.email, name: options.name ?? "" };
    sessionCookies.delete(options.email);
  }
  const login = await logIn(page, options.email);
  const signedIn = login.ok()
    ? { email: options.email, name: options.name ?? "" }
    : await registerShared(page, { email: options.email, name: options.name ?? "Ana Souza" });
  sessionCookies.set(options.email, await context.cookies());
  return signedIn;
}

const register = (page: Page, person: { name: string; email: string }) =>
  page.request.post("/api/register", { data: { ...person, password: PASSWORD, confirmPassword: PASSWORD } });

const logIn = (page: Page, email: string) =>
  page.request.post("/api/login", { data: { email, password: PASSWORD } });

/** Spends the confirmation e-mail's token as the page's 'Confirmar email' does (its POST). */
async function confirmFromMail(page: Page, email: string, accepted = [200]) {
  const link = new URL((await waitForMail(email, /Confirme/)).links[0]!);
  const confirmed = await page.request.post("/api/confirm-email/this-browser", {
    data: { token: link.searchParams.get("token") },
  });
  expect(accepted, await confirmed.text()).toContain(confirmed.status());
}

/**
 * A shared account (the administrator, the planner) is registered by the first worker that needs
 * it. Two workers needing it at once both register: a second sign-up of an unconfirmed address
 * replaces the first (decision 009), so the worker whose link died is refused its confirmation
 * (400), and one that comes after the confirmation is told the address is taken (409). Either then
 * waits for the other's confirmation to land, as its own sign-in is refused until then.
 */
async function registerShared(page: Page, options: { email: string; name: string }) {
  const registered = await register(page, options);
  if (registered.status() === 201) await confirmFromMail(page, options.email, [200, 400]);
  else expect(registered.status(), await registered.text()).toBe(409);
  await expect
    .poll(async () => (await logIn(page, options.email)).status(), {
      timeout: 20_000,
      intervals: [1_000, 2_000, 4_000],
    })
    .toBe(200);
  return options;
}

/** The cookies of accounts signed in through signInOrRegister in this worker. */
const sessionCookies = new Map<string, Awaited<ReturnType<BrowserContext["cookies"]>>>();
