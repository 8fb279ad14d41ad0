import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { App } from "../app";
import { passwordLogin, signedInUser } from "../testing/auth-helpers";
import { describeWithApp, secondInstance, type TestContext, within } from "../testing/test-app";

/*
 * Decision 012: signed-in sessions are kept in memory, and nothing that ends a
 * session or changes someone's teams may be served from there afterwards — on
 * this instance, and on another one over the same PostgreSQL database.
 */

const env = { REQUIRE_EMAIL_VERIFICATION: "false", ADMIN_EMAILS: "admin@agencia.digital" };

const me = (app: App, cookie: string) => app.inject({ url: "/api/me", headers: { cookie } });

async function financeiro(ctx: TestContext, adminCookie: string) {
  const page = await ctx.app.inject({ url: "/api/admin/equipes", headers: { cookie: adminCookie } });
  return (page.json().teams as { id: string; name: string; kinds: string[]; departamentos: string[] }[]).find(
    (t) => t.name === "Financeiro",
  )!;
}

async function setMembers(ctx: TestContext, adminCookie: string, members: string[]) {
  const team = await financeiro(ctx, adminCookie);
  const saved = await ctx.app.inject({
    method: "PUT",
    url: `/api/admin/equipes/${team.id}`,
    headers: { cookie: adminCookie },
    payload: { name: team.name, kinds: team.kinds, departamentos: team.departamentos, members },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

describeWithApp("Session cache (decision 012)", { env }, (ctx) => {
  it("keeps a session in memory: a call after the first reads nothing (a row deleted behind its back still answers)", async () => {
    const ana = await signedInUser(ctx(), "ana@agencia.digital", "Ana Souza");
    // On PostgreSQL nothing is cached until the instance's LISTEN connection is up.
    await within(5000, async () => ctx().app.liveBus.listening());
    expect((await me(ctx().app, ana.cookie)).statusCode).toBe(200);
    // Not a revocation (no event): only what the cache holds can answer now.
    await ctx().database.db.execute(sql`delete from sessions`);
    const cached = await me(ctx().app, ana.cookie);
    expect(cached.statusCode).toBe(200);
    expect(cached.json().user).toMatchObject({ email: "ana@agencia.digital", name: "Ana Souza" });
  });

  it("refuses a cookie whose signature is not ours, without asking the database", async () => {
    const ana = await signedInUser(ctx(), "ana@agencia.digital", "Ana Souza");
    const [name, value] = ana.cookie.split("=") as [string, string];
    const token = decodeURIComponent(value).split(".")[0]!;
    const forged = `${name}=${encodeURIComponent(`${token}.${"A".repeat(43)}=`)}`;
    expect((await me(ctx().app, forged)).statusCode).toBe(401);
    expect((await me(ctx().app, `${name}=${token}`)).statusCode).toBe(401);
    expect(ctx().app.sessions.tokenOf(ana.cookie)).toBe(token);
  });

  it("sign-out: the old cookie is refused at once", async () => {
    const ana = await signedInUser(ctx(), "ana@agencia.digital", "Ana Souza");
    expect((await me(ctx().app, ana.cookie)).statusCode).toBe(200);
    const out = await ctx().app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { cookie: ana.cookie },
    });
    expect(out.statusCode).toBeLessThan(300);
    expect((await me(ctx().app, ana.cookie)).statusCode).toBe(401);
  });

  it("'Sair de todos os dispositivos': every session of that person is refused at once, nobody else's", async () => {
    const ana = await signedInUser(ctx(), "ana@agencia.digital", "Ana Souza");
    const phone = (await passwordLogin(ctx(), "ana@agencia.digital")).headers["set-cookie"];
    const phoneCookie = (Array.isArray(phone) ? phone : [phone!]).map((c) => c.split(";")[0]).join("; ");
    const bruno = await signedInUser(ctx(), "bruno@agencia.digital", "Bruno Lima");
    for (const cookie of [ana.cookie, phoneCookie, bruno.cookie]) {
      expect((await me(ctx().app, cookie)).statusCode).toBe(200);
    }
    const out = await ctx().app.inject({
      method: "DELETE",
      url: "/api/me/sessions",
      headers: { cookie: ana.cookie },
    });
    expect(out.statusCode).toBeLessThan(300);
    expect((await me(ctx().app, ana.cookie)).statusCode).toBe(401);
    expect((await me(ctx().app, phoneCookie)).statusCode).toBe(401);
    expect((await me(ctx().app, bruno.cookie)).statusCode).toBe(200);
  });

  it("removal from a team takes the Caixa away at once; a new name shows at once", async () => {
    const admin = await signedInUser(ctx(), "admin@agencia.digital", "Alice Admin");
    const carla = await signedInUser(ctx(), "carla@agencia.digital", "Carla Financeira");
    await setMembers(ctx(), admin.cookie, ["carla@agencia.digital"]);
    expect((await me(ctx().app, carla.cookie)).json().access.caixa).toBe(true);
    const caixa = () => ctx().app.inject({ url: "/api/caixa", headers: { cookie: carla.cookie } });
    expect((await caixa()).statusCode).toBe(200);

    await setMembers(ctx(), admin.cookie, []);
    expect((await me(ctx().app, carla.cookie)).json().access.caixa).toBe(false);
    expect((await caixa()).statusCode).toBe(403);

    const renamed = await ctx().app.inject({
      method: "PATCH",
      url: "/api/me",
      headers: { cookie: carla.cookie },
      payload: { name: "Carla Lima" },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await me(ctx().app, carla.cookie)).json().user.name).toBe("Carla Lima");
  });

  it("on PostgreSQL, another instance refuses at once what this one revoked", async () => {
    if (ctx().kind !== "postgres") return;
    const second = await secondInstance(ctx());
    try {
      const admin = await signedInUser(ctx(), "admin@agencia.digital", "Alice Admin");
      const carla = await signedInUser(ctx(), "carla@agencia.digital", "Carla Financeira");
      const ana = await signedInUser(ctx(), "ana@agencia.digital", "Ana Souza");
      await setMembers(ctx(), admin.cookie, ["carla@agencia.digital"]);

      // Both instances hold both sessions.
      for (const app of [ctx().app, second]) {
        expect((await me(app, ana.cookie)).statusCode).toBe(200);
        expect((await me(app, carla.cookie)).json().access.caixa).toBe(true);
      }
      expect(second.sessions.size()).toBeGreaterThanOrEqual(2);

      await ctx().app.inject({ method: "POST", url: "/api/logout", headers: { cookie: ana.cookie } });
      const signOutMs = await within(1000, async () => (await me(second, ana.cookie)).statusCode === 401);

      await setMembers(ctx(), admin.cookie, []);
      const teamMs = await within(
        1000,
        async () => (await me(second, carla.cookie)).json().access.caixa === false,
      );
      expect(signOutMs).toBeLessThan(1000);
      expect(teamMs).toBeLessThan(1000);
      // And it stays so: nothing cached before the event comes back.
      expect((await me(second, ana.cookie)).statusCode).toBe(401);
      expect((await me(second, carla.cookie)).json().access.caixa).toBe(false);
    } finally {
      await second.close();
    }
  });
});

/*
 * Expiry. better-auth moves a session's expiry forward when it is used (a day
 * after its last move), so the row's expiry is never earlier than the one the
 * cache copied; the cache only has to stop at its copy. The cache runs on the
 * app's clock: stored 10 s before that expiry (well inside its 30 s), it is
 * refused 1 s after it, the row expired too.
 */
let offsetMs = 0;
describeWithApp(
  "Session cache: expiry (decision 012)",
  { env, clock: () => new Date(Date.now() + offsetMs) },
  (ctx) => {
    it("a cached session is refused as soon as it expires, before the cache's own time is up", async () => {
      offsetMs = 0;
      const ana = await signedInUser(ctx(), "ana@agencia.digital", "Ana Souza");
      const [row] = (
        await ctx().database.db.execute<{ expires_at: string }>(sql`select expires_at from sessions`)
      ).rows;
      const expiresAt = new Date(row!.expires_at).getTime();
      offsetMs = expiresAt - 10_000 - Date.now();
      expect((await me(ctx().app, ana.cookie)).statusCode).toBe(200);
      expect(ctx().app.sessions.size()).toBe(1);
      await ctx().database.db.execute(sql`update sessions set expires_at = now() - interval '1 second'`);
      expect((await me(ctx().app, ana.cookie)).statusCode).toBe(200); // still cached: 10 s to go
      offsetMs = expiresAt + 1000 - Date.now();
      expect((await me(ctx().app, ana.cookie)).statusCode).toBe(401);
      offsetMs = 0;
    });
  },
);
