import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, skipSplash, test } from "./fixtures";
import { signInThroughEmail } from "./support";

/*
 * Web push on 'Minha conta' (docs/decisions/061-web-push.md), in Chromium with its service worker:
 * 'Ativar notificações neste aparelho' asks the permission, subscribes through the worker's
 * pushManager with the server's key and stores the subscription; 'Desativar' removes it; signing
 * out removes it; a refusal is explained. The headless Chromium the walks run on (the headless
 * shell of @sparticuz/chromium) has no notification service: it reports 'denied' whatever
 * grantPermissions says, and its push service is out of reach. So where the browser cannot, the
 * page is given what a full Chromium gives: the person's answer to the permission prompt, and a
 * subscription of the same shape (an https endpoint on FCM's host, fresh P-256 keys). The
 * delivery itself is proven by the API test against a push service of its own
 * (src/server/modules/push/push.routes.test.ts), what the worker shows by push-message.test.ts.
 */
test.use({ serviceWorkers: "allow" });

const SHOTS = path.resolve(".e2e", "screenshots");
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const ENABLE = "Ativar notificações neste aparelho";

/**
 * Where the browser cannot: the permission prompt answers `answer` (a full Chromium asks the
 * person; grantPermissions answers for them), and PushManager a subscription of the same shape.
 */
function pushServiceFallback(page: Page, answer: NotificationPermission) {
  return page.addInitScript((answer) => {
    if (typeof PushManager === "undefined") return;
    const asked = "balcao:e2e-permission";
    Object.defineProperty(Notification, "permission", {
      get: () => localStorage.getItem(asked) ?? "default",
    });
    Notification.requestPermission = async () => {
      localStorage.setItem(asked, answer);
      return answer;
    };
    const key = "balcao:e2e-push-subscription";
    const real = { subscribe: PushManager.prototype.subscribe, get: PushManager.prototype.getSubscription };
    const fake = async (options?: PushSubscriptionOptionsInit) => {
      const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
        "deriveBits",
      ]);
      const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
      const b64 = (bytes: Uint8Array) =>
        btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, "-")
          .replace(/\//g, "_")
          .replace(/=+$/, "");
      const json = {
        endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${crypto.randomUUID()}`,
        expirationTime: null,
        keys: { p256dh: b64(raw), auth: b64(crypto.getRandomValues(new Uint8Array(16))) },
      };
      localStorage.setItem(
        key,
        JSON.stringify({
          json,
          serverKey: b64(new Uint8Array(options?.applicationServerKey as ArrayBuffer)),
        }),
      );
      return stored();
    };
    const stored = () => {
      const saved = localStorage.getItem(key);
      if (!saved) return null;
      const { json, serverKey } = JSON.parse(saved);
      const bytes = Uint8Array.from(atob(serverKey.replace(/-/g, "+").replace(/_/g, "/")), (c) =>
        c.charCodeAt(0),
      );
      return {
        endpoint: json.endpoint,
        options: { applicationServerKey: bytes.buffer, userVisibleOnly: true },
        toJSON: () => json,
        unsubscribe: async () => {
          localStorage.removeItem(key);
          return true;
        },
      } as unknown as PushSubscription;
    };
    PushManager.prototype.subscribe = async function (options) {
      try {
        return await real.subscribe.call(this, options);
      } catch {
        return (await fake(options))!;
      }
    };
    PushManager.prototype.getSubscription = async function () {
      return stored() ?? (await real.get.call(this).catch(() => null));
    };
  }, answer);
}

async function openContext(
  browser: Browser,
  baseURL: string | undefined,
  phone: boolean,
  answer: NotificationPermission = "granted",
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    ...(phone ? PHONE : { viewport: { width: 1280, height: 800 } }),
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    serviceWorkers: "allow",
  });
  const page = await context.newPage();
  await skipSplash(page);
  await pushServiceFallback(page, answer);
  return { context, page };
}

/** The person's devices as the server stores them. */
async function storedDevices(page: Page) {
  const response = await page.request.get("/api/notificacoes/aparelhos");
  expect(response.status()).toBe(200);
  return (await response.json()).inscricoes as { id: string; endpoint: string; aparelho: string }[];
}

const thisEndpoint = (page: Page) =>
  page.evaluate(
    async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.endpoint,
  );

async function openAccount(page: Page) {
  await page.goto("/conta");
  await expect(page.getByRole("heading", { level: 1, name: "Minha conta" })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const section = page.getByRole("region", { name: "Notificações no aparelho" });
  await expect(section.getByText("Carregando...")).toHaveCount(0);
  return section;
}

test.describe("web push on 'Minha conta'", () => {
  test("turned on and off on a computer, stored on the server, and removed at sign-out", async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await openContext(browser, baseURL, false);
    await context.grantPermissions(["notifications"]);
    const { email } = await signInThroughEmail(page, { name: "Paula Reis" });
    const section = await openAccount(page);

    await section.getByRole("button", { name: ENABLE }).click();
    await expect(section.getByText("Notificações ativadas neste aparelho")).toBeVisible();
    await expect(page.getByText("Notificações ativadas", { exact: true })).toBeVisible();
    const endpoint = await thisEndpoint(page);
    expect(endpoint).toMatch(/^https:\/\//);
    const stored = await storedDevices(page);
    expect(stored.map((d) => d.endpoint)).toEqual([endpoint]);
    expect(stored[0]!.aparelho).toMatch(/Chrom/);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, "push-conta-1280.png"), fullPage: true });

    // The state survives a reload: the server knows this browser's endpoint.
    await page.reload();
    await expect(section.getByText("Notificações ativadas neste aparelho")).toBeVisible();

    await section.getByRole("button", { name: "Desativar" }).click();
    await expect(section.getByRole("button", { name: ENABLE })).toBeVisible();
    expect(await storedDevices(page)).toEqual([]);
    expect(await thisEndpoint(page)).toBeUndefined();

    // On again, then signing out on this device removes its subscription from the server.
    await section.getByRole("button", { name: ENABLE }).click();
    await expect(section.getByText("Notificações ativadas neste aparelho")).toBeVisible();
    expect(await storedDevices(page)).toHaveLength(1);
    await page.getByRole("button", { name: "Sair", exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    const login = await page.request.post("/api/login", { data: { email, password: "segredo123" } });
    expect(login.status()).toBe(200);
    expect(await storedDevices(page)).toEqual([]);
    const again = await openAccount(page);
    await expect(again.getByRole("button", { name: ENABLE })).toBeVisible();
    await context.close();
  });

  test("on a phone (390×844): turned on, and a refused permission explained", async ({
    browser,
    baseURL,
  }) => {
    const phone = await openContext(browser, baseURL, true);
    await phone.context.grantPermissions(["notifications"]);
    await signInThroughEmail(phone.page, { name: "Rui Campos" });
    const section = await openAccount(phone.page);
    await section.getByRole("button", { name: ENABLE }).click();
    await expect(section.getByText("Notificações ativadas neste aparelho")).toBeVisible();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await section.scrollIntoViewIfNeeded();
    await phone.page.screenshot({ path: path.join(SHOTS, "push-conta-390.png") });
    await phone.context.close();

    // Another phone whose person says no: the page says how to allow it later.
    const refused = await openContext(browser, baseURL, true, "denied");
    await signInThroughEmail(refused.page, { name: "Sara Nunes" });
    const other = await openAccount(refused.page);
    await other.getByRole("button", { name: ENABLE }).click();
    await expect(
      other.getByText(/As notificações estão bloqueadas para o Balcão neste navegador/),
    ).toBeVisible();
    expect(await storedDevices(refused.page)).toEqual([]);
    await other.scrollIntoViewIfNeeded();
    await refused.page.screenshot({ path: path.join(SHOTS, "push-recusado-390.png") });
    await refused.context.close();
  });
});
