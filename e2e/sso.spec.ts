import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, seriousA11yViolations, test, uniqueEmail } from "./fixtures";
import { personBrowser } from "./people";

/*
 * docs/decisions/052: 'Entrar com Agência SSO' on /login walks through a real OpenID provider
 * (oidc-provider on loopback, started by global-setup.ts; its development login page takes any
 * address as a verified one) and lands signed in; a foreign address lands back on /login with
 * the domain message. /login and /register photographed with the button at both sizes.
 */

const SHOTS = path.resolve(".e2e", "screenshots");
const PHONE = { width: 390, height: 844 };
const BUTTON = { name: "Entrar com Agência SSO" };

/** At the provider: its login page, then its consent page. */
async function signInAtProvider(page: Page, email: string) {
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill("qualquer");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

test.describe("sign-in with the company's identity provider", () => {
  test("/login and /register show the provider's button, at a desktop's and a phone's size", async ({
    page,
    browser,
    baseURL,
  }) => {
    for (const [where, shot] of [
      ["/login", "login-sso"],
      ["/register", "register-sso"],
    ] as const) {
      await page.goto(where);
      await expect(page.getByRole("button", BUTTON)).toBeVisible();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `${shot}-1280.png`), fullPage: true });
      const phone = await personBrowser(browser, baseURL, PHONE);
      await phone.page.goto(where);
      await expect(phone.page.getByRole("button", BUTTON)).toBeVisible();
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await phone.page.screenshot({ path: path.join(SHOTS, `${shot}-390.png`), fullPage: true });
      await phone.context.close();
    }
  });

  test("a verified company address signs in at the provider and lands signed in; again, the same account", async ({
    page,
  }) => {
    const email = uniqueEmail("sso");
    await page.goto("/login");
    await page.getByRole("button", BUTTON).click();
    await signInAtProvider(page, email);
    await expect(page).toHaveURL(/\/$/);
    const me = await page.request.get("/api/me");
    expect(me.status()).toBe(200);
    const first = (await me.json()).user;
    expect(first.email).toBe(email);

    // Signed out of Balcão, and in again: the provider still knows the browser, and it is the same account.
    await page.request.post("/api/logout", { data: {} });
    await page.goto("/login");
    await page.getByRole("button", BUTTON).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await (await page.request.get("/api/me")).json()).user.id).toBe(first.id);
  });

  test("a foreign address lands back on /login with the domain message", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", BUTTON).click();
    await signInAtProvider(page, `eve.${Date.now()}@gmail.com`);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Domínio não permitido")).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, "login-sso-recusado-1280.png") });
    expect((await page.request.get("/api/me")).status()).toBe(401);
  });
});
