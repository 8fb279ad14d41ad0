import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import type { CaughtMail } from "../src/server/testing/smtp-sink";

const MAIL_DIR = path.resolve(".e2e", "mail");
export const PASSWORD = "segredo123";

export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mails = readdirSync(MAIL_DIR)
      .sort()
      .reverse()
      .map((f) => JSON.parse(readFileSync(path.join(MAIL_DIR, f), "utf8")) as CaughtMail);
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

type Fixtures = {
  /** Registers and confirms a user through the API and the real e-mail, then signs in in this page. */
  signIn: (options?: { email?: string; name?: string }) => Promise<{ email: string; name: string }>;
};

export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
  page: async ({ page }, use) => {
    // The splash is shown on every fresh load; tests that are not about it skip it (see splash-screen.tsx).
    await page.addInitScript(() => window.sessionStorage.setItem("balcao:skip-splash", "1"));
    await use(page);
  },
  signIn: async ({ page }, use) => {
    await use(async (options = {}) => {
      const email = options.email ?? uniqueEmail();
      const name = options.name ?? "Ana Souza";
      const registered = await page.request.post("/api/register", {
        data: { name, email, password: PASSWORD, confirmPassword: PASSWORD },
      });
      expect(registered.status(), await registered.text()).toBe(201);
      const mail = await waitForMail(email, /Confirme/);
      await page.goto(mail.links[0]!);
      const login = await page.request.post("/api/login", { data: { email, password: PASSWORD } });
      expect(login.status()).toBe(200);
      return { email, name };
    });
  },
});

export { expect };

/** axe-core in the page: the serious and critical violations, as readable lines. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: path.resolve("node_modules/axe-core/axe.min.js") });
  const results = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const axe = (window as any).axe;
    return axe.run(document, { resultTypes: ["violations"] });
  });
  return (results.violations as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[])
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}
