import { readFileSync } from "node:fs";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import { signInThroughEmail } from "./support";

export { openConfirmationLink, openMagicLink, PASSWORD, uniqueEmail, waitForMail } from "./support";

type Fixtures = {
  /** A confirmed, signed-in user in this page's context. */
  signIn: (options?: { email?: string; name?: string }) => Promise<{ email: string; name: string }>;
};

export function skipSplash(page: Page) {
  // The splash is shown on every fresh load; tests that are not about it skip it (see splash-screen.tsx).
  return page.addInitScript(() => window.sessionStorage.setItem("balcao:skip-splash", "1"));
}

/** A client address of its own for each test (and each retry), in 10.0.0.0/8. */
function clientIp(testId: string, retry: number): string {
  let hash = retry;
  for (const char of testId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${(hash & 254) + 1}`;
}

export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright needs the object pattern
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
  /*
   * The e2e server trusts X-Forwarded-For (global-setup.ts): every request of a
   * test's own page counts against that test's address, so the per-IP limits
   * (README, 'Sign-in protection') hold per test as they would per office.
   */
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) =>
    use({ ...extraHTTPHeaders, "x-forwarded-for": clientIp(testInfo.testId, testInfo.retry) }),
  page: async ({ page }, use) => {
    await skipSplash(page);
    await use(page);
  },
  signIn: async ({ page }, use) => use((options) => signInThroughEmail(page, options)),
});

export { expect };

const axeSource = readFileSync(path.resolve("node_modules/axe-core/axe.min.js"), "utf8");

/** axe-core in the page: the serious and critical violations, as readable lines. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // A toast or dialog still fading in or out is drawn half transparent, and axe reads its blended
  // colours as too little contrast (a 'Férias' walk failed so once): let finite transitions end.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== "running" || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  // Evaluated through the debugging protocol: the page's CSP (rightly) refuses injected script tags.
  await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global script
    const axe = (window as any).axe;
    return axe.run(document, { resultTypes: ["violations"] });
  });
  return (results.violations as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[])
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}
