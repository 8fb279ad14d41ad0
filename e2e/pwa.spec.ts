import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, skipSplash, test } from "./fixtures";

/*
 * Balcão installed (docs/decisions/062-installable-app.md): Chromium's own installability check,
 * the service worker in control, nothing of the API in its caches, the shell without a connection,
 * 'Nova versão disponível' when a new worker waits, and 'Instalar o Balcão' on phones. The other
 * walks run with service workers blocked (playwright.config.ts); these allow them.
 */
test.use({ serviceWorkers: "allow" });

const SHOTS = path.resolve(".e2e", "screenshots");
const WORKER = path.resolve("dist", "web", "sw.js");

/** Waits until the worker is active (its precache complete) and controls this page. */
async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Reloads, and waits until the installer (loaded 5 s after the page, main.tsx) has run again. */
async function reloadWithInstaller(page: Page) {
  const installer = page.waitForResponse((r) => /\/assets\/start-[\w-]+\.js$/.test(r.url()), {
    timeout: 20_000,
  });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
  await installer;
  await page.waitForTimeout(500);
}

/** Every URL in every Cache Storage cache of the page's origin. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

async function phoneContext(
  browser: import("@playwright/test").Browser,
  baseURL: string | undefined,
  more: Parameters<import("@playwright/test").Browser["newContext"]>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    ...PHONE,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    serviceWorkers: "allow",
    ...more,
  });
  const page = await context.newPage();
  await skipSplash(page);
  return { context, page };
}

/** What Chromium's beforeinstallprompt carries, made by hand: headless Chromium never offers. */
function offerInstall(page: Page) {
  return page.evaluate(() => {
    const offer = Object.assign(new Event("beforeinstallprompt", { cancelable: true }), {
      prompt: async () => {
        (window as unknown as { prompted: number }).prompted =
          ((window as unknown as { prompted?: number }).prompted ?? 0) + 1;
      },
      userChoice: Promise.resolve({ outcome: "accepted" }),
    });
    window.dispatchEvent(offer);
  });
}

test.describe("installable", () => {
  test("passes Chromium's installability check, with its manifest and icons", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
    await controlled(page);

    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    const { url, errors } = await cdp.send("Page.getAppManifest");
    expect(new URL(url).pathname).toBe("/manifest.webmanifest");
    expect(errors).toEqual([]);

    const manifest = await (await page.request.get("/manifest.webmanifest")).json();
    expect(manifest).toMatchObject({
      name: "Balcão",
      short_name: "Balcão",
      lang: "pt-BR",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#4f46e5",
    });
    const sizes = new Map<string, string>();
    for (const icon of manifest.icons as { src: string; sizes: string; purpose: string }[]) {
      const png = await page.request.get(icon.src);
      expect(png.headers()["content-type"]).toBe("image/png");
      const body = await png.body();
      // A PNG's IHDR: width and height, big-endian, at bytes 16 and 20.
      expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`).toBe(icon.sizes);
      sizes.set(`${icon.purpose} ${icon.sizes}`, icon.src);
    }
    expect([...sizes.keys()].sort()).toEqual(["any 192x192", "any 512x512", "maskable 512x512"]);
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", /\.png$/);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#4f46e5");

    // No notice on a desktop: the browser's own install button is in its address bar.
    await expect(page.getByText("Instalar o Balcão")).toHaveCount(0);
    await page.screenshot({ path: path.join(SHOTS, "pwa-login-1280.png") });
  });

  test("keeps no API answer in any cache, and the shell opens without a connection", async ({
    page,
    context,
    signIn,
  }) => {
    await signIn({ name: "Rita Lopes" });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: /Rita!$/ })).toBeVisible();
    await controlled(page);
    // Signed in and controlled: /api/me (and the pages' calls) go past the worker now.
    await page.goto("/solicitacoes");
    await expect(page.getByRole("heading", { level: 1, name: "Minhas solicitações" })).toBeVisible();
    const me = await page.evaluate(async () => (await fetch("/api/me")).status);
    expect(me).toBe(200);
    // Opened in a tab, an API address is the server's answer, not the shell.
    const opened = await page.goto("/api/me");
    expect(opened?.status()).toBe(200);
    expect(await opened?.json()).toMatchObject({ user: { name: "Rita Lopes" } });
    await page.goto("/solicitacoes");
    await expect(page.getByRole("heading", { level: 1, name: "Minhas solicitações" })).toBeVisible();

    const cached = await cachedUrls(page);
    expect(cached).toContain("/index.html");
    expect(cached.some((url) => /^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/.test(url))).toBe(true);
    expect(cached.some((url) => /^\/assets\/app-[\w-]+\.js$/.test(url))).toBe(true);
    expect(cached.filter((url) => url.startsWith("/api"))).toEqual([]);
    for (const page of ["/", "/login", "/solicitacoes", "/home.html", "/login.html"])
      expect(cached).not.toContain(page);

    await context.setOffline(true);
    try {
      await page.reload();
      // The shell from the cache, not Chromium's error page; without /api/me the app asks for a sign-in.
      await expect(page.locator("#root")).toBeAttached();
      await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible({
        timeout: 30_000,
      });
      await page.screenshot({ path: path.join(SHOTS, "pwa-offline-1280.png") });
    } finally {
      await context.setOffline(false);
    }
    expect((await cachedUrls(page)).filter((url) => url.startsWith("/api"))).toEqual([]);
  });

  test("'Nova versão disponível' lets the waiting worker take over, and the page reloads", async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await phoneContext(browser, baseURL);
    const moved: [string, string][] = [];
    const original = readFileSync(WORKER);
    try {
      await page.goto("/login");
      await controlled(page);
      await expect(page.getByText("Nova versão disponível")).toHaveCount(0);

      // A new release: the worker's bytes change (its precompressed copies set aside, or they
      // would still be sent).
      for (const suffix of [".br", ".gz"])
        if (existsSync(WORKER + suffix)) {
          renameSync(WORKER + suffix, `${WORKER + suffix}.e2e`);
          moved.push([`${WORKER + suffix}.e2e`, WORKER + suffix]);
        }
      writeFileSync(WORKER, Buffer.concat([original, Buffer.from(`\n// a new version: ${Date.now()}\n`)]));
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });

      const notice = page.getByRole("region", { name: "Nova versão disponível" });
      await expect(notice).toBeVisible();
      await expect(page.getByText("Instalar o Balcão")).toHaveCount(0);
      await page.screenshot({ path: path.join(SHOTS, "pwa-nova-versao-390.png") });
      expect(
        await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
      ).toBe(true);

      await page.evaluate(() => {
        (window as unknown as { before: boolean }).before = true;
      });
      await notice.getByRole("button", { name: "Atualizar" }).click();
      await page.waitForFunction(() => !(window as unknown as { before?: boolean }).before);
      await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
      await controlled(page);
      const after = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return { waiting: Boolean(registration?.waiting), active: registration?.active?.state };
      });
      expect(after).toEqual({ waiting: false, active: "activated" });
      await expect(page.getByText("Nova versão disponível")).toHaveCount(0);
    } finally {
      writeFileSync(WORKER, original);
      for (const [from, to] of moved) renameSync(from, to);
      await context.close();
    }
  });
});

test.describe("'Instalar o Balcão' on a phone (390×844)", () => {
  test("offers the browser's installation, and once closed is not shown again", async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await phoneContext(browser, baseURL);
    try {
      await page.goto("/login");
      await expect(page.getByRole("heading", { level: 1, name: "Login" })).toBeVisible();
      await controlled(page);
      await offerInstall(page);
      const hint = page.getByRole("region", { name: "Instalar o Balcão" });
      await expect(hint).toBeVisible();
      await expect(hint).toContainText("Abra o Balcão direto da tela inicial, como um aplicativo.");
      await page.screenshot({ path: path.join(SHOTS, "pwa-instalar-390.png") });

      await hint.getByRole("button", { name: "Instalar", exact: true }).click();
      expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);
      // The browser's dialog is its own now; an offer is used once.
      await expect(hint).toBeHidden();

      await offerInstall(page);
      await expect(hint).toBeVisible();
      await hint.getByRole("button", { name: "Agora não" }).click();
      await expect(hint).toBeHidden();
      await reloadWithInstaller(page);
      await offerInstall(page);
      // Given time to appear, it does not: closing it was for good.
      await page.waitForTimeout(1500);
      await expect(page.getByRole("region", { name: "Instalar o Balcão" })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test("on an iPhone in Safari, says how to add it to the home screen", async ({ browser, baseURL }) => {
    const { context, page } = await phoneContext(browser, baseURL, {
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      deviceScaleFactor: 3,
    });
    try {
      await page.goto("/login");
      const hint = page.getByRole("region", { name: "Instalar o Balcão" });
      await expect(hint).toContainText("Toque em Compartilhar e depois em Adicionar à Tela de Início", {
        timeout: 20_000,
      });
      await expect(hint.getByRole("button", { name: "Instalar", exact: true })).toHaveCount(0);
      await page.screenshot({ path: path.join(SHOTS, "pwa-instalar-iphone-390.png") });
      await hint.getByRole("button", { name: "Fechar" }).click();
      await expect(hint).toBeHidden();
      await reloadWithInstaller(page);
      await page.waitForTimeout(1500);
      await expect(page.getByRole("region", { name: "Instalar o Balcão" })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
