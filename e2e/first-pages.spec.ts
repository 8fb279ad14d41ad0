import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signInThroughEmail } from "./support";

/*
 * GET / for a signed-in person arrives with their home page drawn by the server (decision 027),
 * so a phone draws it before any script; the app then draws the same page and removes the copy.
 */

/** Holds the main script until `release()`: what is on screen meanwhile is the HTML's alone. */
async function holdMainScript(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** The markup as the browser has it, less what differs by who drew it but never shows: comments, React's generated ids. */
const comparable = (html: string) =>
  html.replace(/<!--.*?-->/g, "").replace(/«[^»]*»|_r_[\da-z]+_|:r[\da-z]+:/g, "(id)");

test.describe("the home page drawn by the server", () => {
  test("shows before any script runs, and the app's own drawing is the same", async ({ page, signIn }) => {
    await signIn({ name: "Helena Prado" });
    const release = await holdMainScript(page);
    await page.goto("/?nosplash", { waitUntil: "commit" });

    const drawn = page.locator("#prerendered");
    await expect(drawn).toBeVisible();
    await expect(drawn.locator("h1")).toHaveText(/^(Bom dia|Boa tarde|Boa noite), Helena!$/);
    await expect(drawn.getByTestId("user-first-name")).toHaveText("Helena");
    await expect(drawn.locator("main")).toContainText("O que você precisa hoje?");
    // Nothing in it can be used before the app runs, nor is it read out twice.
    await expect(drawn).toHaveAttribute("inert", "");
    await expect(drawn).toHaveAttribute("aria-hidden", "true");
    await expect(page.locator("#root")).toBeHidden();
    const serverMain = comparable(await drawn.locator("main").innerHTML());
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's innerText(), the text as drawn, on both sides.
    const serverHeader = await drawn.locator("header").innerText();

    release();
    await expect(drawn).toHaveCount(0);
    const main = page.locator("#root main");
    await expect(main).toBeVisible();
    expect(comparable(await main.innerHTML())).toBe(serverMain);
    // biome-ignore lint/performance/useDomNodeTextContent: as above.
    expect(await page.locator("#root header").innerText()).toBe(serverHeader);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Helena!$/);
  });

  test("draws the sidebar collapsed when it was left collapsed", async ({ page, signIn, baseURL }) => {
    await signIn({ name: "Igor Reis" });
    await page.context().addCookies([{ name: "sidebar_state", value: "false", url: baseURL! }]);
    const release = await holdMainScript(page);
    await page.goto("/?nosplash", { waitUntil: "commit" });
    await expect(page.locator("#prerendered [data-testid=app-sidebar]")).toHaveAttribute(
      "data-state",
      "collapsed",
    );
    release();
    await expect(page.locator("#prerendered")).toHaveCount(0);
    await expect(page.getByTestId("app-sidebar")).toHaveAttribute("data-state", "collapsed");
  });

  test("stays hidden behind the splash, which the home page follows", async ({ browser, baseURL }) => {
    // A context without the fixture's splash skip: a fresh load shows the splash (spec §2).
    const context = await browser.newContext({ baseURL: baseURL! });
    const page = await context.newPage();
    await page.addInitScript(() => window.sessionStorage.setItem("balcao:skip-splash", "1"));
    await signInThroughEmail(page, { name: "Joana Melo" });

    // A new tab of the same browser: signed in, and its first load shows the splash.
    const other = await context.newPage();
    const release = await holdMainScript(other);
    await other.goto("/", { waitUntil: "commit" });
    await expect(other.locator("#prerendered h1")).toHaveText(/Joana!$/);
    await expect(other.locator("#prerendered")).toBeHidden();
    release();
    // The splash takes the screen first (and removes the drawn page), then the home page follows.
    await expect(other.getByText("Carregando seu workspace...")).toBeVisible();
    await expect(other.locator("#prerendered")).toHaveCount(0);
    await expect(other.getByRole("heading", { level: 1 })).toHaveText(/Joana!$/, { timeout: 10_000 });
    await expect(other.locator("#prerendered")).toHaveCount(0);
    await context.close();
  });

  test("on a phone, the drawn page is the phone's layout", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL: baseURL!, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.addInitScript(() => window.sessionStorage.setItem("balcao:skip-splash", "1"));
    await signInThroughEmail(page, { name: "Lia Campos" });
    const release = await holdMainScript(page);
    await page.goto("/?nosplash", { waitUntil: "commit" });
    await expect(page.locator("#prerendered h1")).toBeVisible();
    await expect(page.locator("#prerendered [data-testid=app-sidebar]")).toBeHidden();
    const box = await page.locator("#prerendered main").boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    release();
    await expect(page.locator("#prerendered")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Lia!$/);
    await context.close();
  });
});
