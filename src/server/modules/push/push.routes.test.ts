import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { pushMessages } from "@/domain/push/messages";
import type { PushPayload } from "@/domain/push/payload";
import type { App } from "../../app";
import { cookieHeader, passwordLogin } from "../../testing/auth-helpers";
import { joinTeam, type Person, person } from "../../testing/people";
import { startPushService, type TestPushService, testBrowser } from "../../testing/push-service";
import { sendReembolso } from "../../testing/requests";
import { describeWithApp, secondInstance } from "../../testing/test-app";

/*
 * Web push (docs/decisions/061-web-push.md) through the real server: each bell's notification
 * goes, encrypted, to the person's subscribed devices, and the test's push service reads it with
 * http_ece (RFC 8291). A person reads and removes only their own devices; 404 or 410 drops a
 * subscription; signing out drops that device's, deactivation all of them.
 */

const env = {
  REQUIRE_EMAIL_VERIFICATION: "false",
  ADMIN_EMAILS: "admin@agencia.digital",
  VAPID_SUBJECT: "mailto:ops@agencia.digital",
};

let service: TestPushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(() => service.close());

const subscribe = (app: App, who: Pick<Person, "cookie">, body: unknown, userAgent?: string) =>
  app.inject({
    method: "POST",
    url: "/api/notificacoes/aparelhos",
    headers: { cookie: who.cookie, ...(userAgent ? { "user-agent": userAgent } : {}) },
    payload: body as object,
  });

const devices = async (app: App, who: Pick<Person, "cookie">) => {
  const response = await app.inject({ url: "/api/notificacoes/aparelhos", headers: { cookie: who.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().inscricoes as {
    id: string;
    endpoint: string;
    aparelho: string;
    ultimoEnvioEm: string | null;
  }[];
};

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Mobile Safari/537.36";

let endpoints = 0;
const browserOf = () => testBrowser(`${service.url}/push/${++endpoints}`);
const pathOf = (endpoint: string) => new URL(endpoint).pathname;

describeWithApp(
  "web push (decision 061)",
  { env, config: (config) => ({ ...config, push: { ...config.push, allowPrivateEndpoints: true } }) },
  (ctx) => {
    const queuedPushes = async () =>
      (await ctx().database.db.execute(sql`select id, status, attempts from outbox where kind = 'push'`))
        .rows;

    /** Ana sends a reimbursement: Bruno, in Financeiro, hears of it in his bell (and so by push). */
    async function ringBrunosBell(ana: Person) {
      const id = await sendReembolso(ctx(), ana);
      return id;
    }

    it("another person can neither read nor remove someone's device; signed out is 401 everywhere", async () => {
      const app = ctx().app;
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const bruno = await person(ctx(), "bruno@agencia.digital", "Bruno Lima");
      const saved = await subscribe(app, ana, browserOf().subscription);
      expect(saved.statusCode, saved.body).toBe(201);
      const id = saved.json().id as string;

      expect(await devices(app, bruno)).toEqual([]);
      const removed = await app.inject({
        method: "DELETE",
        url: `/api/notificacoes/aparelhos/${id}`,
        headers: { cookie: bruno.cookie },
      });
      expect(removed.statusCode).toBe(404);
      expect(removed.json().message).toBe(pushMessages.notFound.title);
      expect((await devices(app, ana)).map((d) => d.id)).toEqual([id]);

      for (const [method, url] of [
        ["GET", "/api/notificacoes/chave-push"],
        ["GET", "/api/notificacoes/aparelhos"],
        ["POST", "/api/notificacoes/aparelhos"],
        ["DELETE", `/api/notificacoes/aparelhos/${id}`],
      ] as const)
        expect(
          (await app.inject({ method, url, payload: method === "POST" ? {} : undefined })).statusCode,
        ).toBe(401);

      const own = await app.inject({
        method: "DELETE",
        url: `/api/notificacoes/aparelhos/${id}`,
        headers: { cookie: ana.cookie },
      });
      expect(own.statusCode).toBe(204);
      expect(await devices(app, ana)).toEqual([]);
    });

    it("refuses a subscription that is not one, in Portuguese, field by field", async () => {
      const app = ctx().app;
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const { subscription } = browserOf();
      const bad = await subscribe(app, ana, {
        ...subscription,
        endpoint: "não é endereço",
        keys: { p256dh: "x", auth: "" },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toMatchObject({
        endpoint: pushMessages.endpointInvalid,
        "keys.p256dh": pushMessages.keyInvalid,
        "keys.auth": pushMessages.keyInvalid,
      });
      const noKeys = await subscribe(app, ana, { endpoint: subscription.endpoint });
      expect(noKeys.statusCode).toBe(400);
      expect(JSON.stringify(noKeys.json())).not.toMatch(/at |stack|zod/i);
    });

    it("sends the bell's notification, encrypted, to each device of the person told; http_ece reads it", async () => {
      const app = ctx().app;
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const bruno = await person(ctx(), "bruno@agencia.digital", "Bruno Lima");
      await joinTeam(ctx(), "financeiro", bruno.email);
      const phone = browserOf();
      const laptop = browserOf();
      const anasOwn = browserOf();
      expect((await subscribe(app, bruno, phone.subscription, ANDROID_CHROME)).statusCode).toBe(201);
      expect((await subscribe(app, bruno, laptop.subscription)).statusCode).toBe(201);
      expect((await subscribe(app, ana, anasOwn.subscription)).statusCode).toBe(201);
      const key = (
        await app.inject({ url: "/api/notificacoes/chave-push", headers: { cookie: bruno.cookie } })
      ).json().chavePublica as string;
      expect(Buffer.from(key, "base64url")).toHaveLength(65);

      const requestId = await ringBrunosBell(ana);
      expect(await queuedPushes()).toHaveLength(2);
      const before = service.received.length;
      expect(await app.push.runOnce()).toBe(2);
      const pushes = service.received.slice(before);
      expect(pushes.map((p) => p.path).sort()).toEqual(
        [pathOf(phone.subscription.endpoint), pathOf(laptop.subscription.endpoint)].sort(),
      );

      const bell = (await app.inject({ url: "/api/notificacoes", headers: { cookie: bruno.cookie } })).json()
        .items[0];
      for (const push of pushes) {
        const reader = push.path === pathOf(phone.subscription.endpoint) ? phone : laptop;
        const text = reader.read(push);
        expect(JSON.parse(text) as PushPayload).toEqual({
          titulo: bell.titulo,
          texto: bell.texto,
          url: `/solicitacoes/reembolso/${requestId}`,
        });
        expect(bell.titulo).toBe("Nova solicitação de Reembolso");
        expect(push.body.length).toBeLessThan(4096);
        expect(push.headers["content-encoding"]).toBe("aes128gcm");
        expect(Number(push.headers.ttl)).toBeGreaterThan(0);
        expect(push.headers.authorization).toMatch(
          new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key}$`),
        );
        const claims = JSON.parse(
          Buffer.from(String(push.headers.authorization).split(/[ .,]/)[2]!, "base64url").toString(),
        );
        expect(claims).toMatchObject({ aud: service.url, sub: "mailto:ops@agencia.digital" });
      }
      // Sent is done: nothing left to send, and the device shows when it last got one.
      expect(await queuedPushes()).toEqual([]);
      const listed = await devices(app, bruno);
      expect(listed.every((d) => d.ultimoEnvioEm !== null)).toBe(true);
      expect(listed.find((d) => d.endpoint === phone.subscription.endpoint)?.aparelho).toBe(
        "Android · Celular — Chrome 141",
      );
      // Ana's own device heard nothing of her own request.
      expect(pushes.some((p) => p.path === pathOf(anasOwn.subscription.endpoint))).toBe(false);
    });

    it("a push service answering 410 or 404 drops that subscription; another error is retried, then given up", async () => {
      const app = ctx().app;
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const bruno = await person(ctx(), "bruno@agencia.digital", "Bruno Lima");
      await joinTeam(ctx(), "financeiro", bruno.email);
      const expired = browserOf();
      const unknown = browserOf();
      const flaky = browserOf();
      for (const browser of [expired, unknown, flaky])
        expect((await subscribe(app, bruno, browser.subscription)).statusCode).toBe(201);
      service.answer(pathOf(expired.subscription.endpoint), 410);
      service.answer(pathOf(unknown.subscription.endpoint), 404);
      service.answer(pathOf(flaky.subscription.endpoint), 503);

      await ringBrunosBell(ana);
      expect(await app.push.runOnce()).toBe(3);
      expect((await devices(app, bruno)).map((d) => d.endpoint)).toEqual([flaky.subscription.endpoint]);
      const [retry] = await queuedPushes();
      expect(retry).toMatchObject({ status: "pending", attempts: 1 });
      // Not due yet: nothing sent.
      const sent = service.received.length;
      expect(await app.push.runOnce()).toBe(0);
      expect(service.received.length).toBe(sent);

      // Every retry due now, the service still failing: five retries, then the push is given up.
      for (let attempt = 2; attempt <= 6; attempt++) {
        await ctx().database.db.execute(sql`update outbox set next_attempt_at = now() where kind = 'push'`);
        expect(await app.push.runOnce()).toBe(1);
      }
      expect(await queuedPushes()).toEqual([]);
      expect(service.received.length).toBe(sent + 5);
      // The subscription stays: a failing service is not a gone subscription. The bell keeps the news.
      expect(await devices(app, bruno)).toHaveLength(1);
      const bell = await app.inject({ url: "/api/notificacoes", headers: { cookie: bruno.cookie } });
      expect(bell.json().items).toHaveLength(1);
    });

    it("signing out removes this device's subscription only; deactivation removes every one", async () => {
      const app = ctx().app;
      const admin = await person(ctx(), "admin@agencia.digital", "Alice Admin");
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const otherSession = {
        cookie: cookieHeader((await passwordLogin(ctx(), ana.email)).headers["set-cookie"]),
      };
      const first = browserOf();
      const second = browserOf();
      expect((await subscribe(app, ana, first.subscription)).statusCode).toBe(201);
      expect((await subscribe(app, otherSession, second.subscription)).statusCode).toBe(201);

      const out = await app.inject({
        method: "POST",
        url: "/api/logout",
        headers: { cookie: otherSession.cookie },
      });
      expect(out.statusCode).toBeLessThan(300);
      expect((await devices(app, ana)).map((d) => d.endpoint)).toEqual([first.subscription.endpoint]);

      const third = { cookie: cookieHeader((await passwordLogin(ctx(), ana.email)).headers["set-cookie"]) };
      expect((await subscribe(app, third, browserOf().subscription)).statusCode).toBe(201);
      expect(await devices(app, ana)).toHaveLength(2);
      const off = await app.inject({
        method: "POST",
        url: `/api/admin/pessoas/${ana.user.id}/desativar`,
        headers: { cookie: admin.cookie },
      });
      expect(off.statusCode, off.body).toBeLessThan(300);
      const left = await ctx().database.db.execute(
        sql`select count(*)::int as n from push_subscriptions where user_id = ${ana.user.id}`,
      );
      expect(left.rows[0]).toEqual({ n: 0 });
    });

    it("a browser that changes hands goes to its new owner, without what was queued for the former", async () => {
      const app = ctx().app;
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const bruno = await person(ctx(), "bruno@agencia.digital", "Bruno Lima");
      const carla = await person(ctx(), "carla@agencia.digital", "Carla Dias");
      await joinTeam(ctx(), "financeiro", bruno.email);
      const shared = browserOf();
      expect((await subscribe(app, bruno, shared.subscription)).statusCode).toBe(201);
      await ringBrunosBell(ana);
      expect(await queuedPushes()).toHaveLength(1);

      expect((await subscribe(app, carla, shared.subscription)).statusCode).toBe(201);
      expect(await devices(app, bruno)).toEqual([]);
      expect((await devices(app, carla)).map((d) => d.endpoint)).toEqual([shared.subscription.endpoint]);
      expect(await queuedPushes()).toEqual([]);
    });

    it("two instances sign with one key pair, and never send one push twice", async () => {
      const app = ctx().app;
      const second = await secondInstance(ctx());
      try {
        const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
        const bruno = await person(ctx(), "bruno@agencia.digital", "Bruno Lima");
        await joinTeam(ctx(), "financeiro", bruno.email);
        const keyOf = async (instance: App) =>
          (
            await instance.inject({ url: "/api/notificacoes/chave-push", headers: { cookie: bruno.cookie } })
          ).json().chavePublica;
        expect(await keyOf(second)).toBe(await keyOf(app));
        const browser = browserOf();
        expect((await subscribe(second, bruno, browser.subscription)).statusCode).toBe(201);
        await ringBrunosBell(ana);
        await ringBrunosBell(ana);
        const before = service.received.length;
        const claimed = await Promise.all([app.push.runOnce(), second.push.runOnce(), app.push.runOnce()]);
        expect(claimed.reduce((a, b) => a + b, 0)).toBe(2);
        expect(service.received.length - before).toBe(2);
        const texts = service.received.slice(before).map((p) => JSON.parse(browser.read(p)).titulo);
        expect(texts).toEqual(["Nova solicitação de Reembolso", "Nova solicitação de Reembolso"]);
      } finally {
        await second.close();
      }
    });
  },
);
