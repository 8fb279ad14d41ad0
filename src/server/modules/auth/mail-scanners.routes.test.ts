import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { cookieHeader, PASSWORD, passwordLogin, register } from "../../testing/auth-helpers";
import { person } from "../../testing/people";
import { describeWithApp, type TestContext } from "../../testing/test-app";

/*
 * Links that mail scanners open first (Microsoft 365 Safe Links, Google, Proofpoint): each e-mailed
 * single-use link is fetched with HEAD, then GET, without cookies, before the person clicks. Such a
 * fetch must change nothing and create no session; only the person's click on the page the link
 * opens (a same-origin POST) spends it.
 */

const SCANNER = {
  "user-agent":
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
};

/**
 * What a scanner does with a link: HEAD, then GET, following redirects within the site, no cookies.
 * The pages themselves (the built SPA, absent from API tests) are fetched by the end-to-end walk.
 */
async function scan(ctx: TestContext, link: string) {
  let target = new URL(link);
  for (const method of ["HEAD", "GET"] as const) {
    for (let hop = 0; hop < 5 && target.pathname.startsWith("/api/"); hop++) {
      const res = await ctx.app.inject({
        method,
        url: `${target.pathname}${target.search}`,
        headers: SCANNER,
      });
      expect(res.statusCode, `${method} ${target.pathname}`).toBeLessThan(500);
      const location = res.headers.location;
      if (res.statusCode < 300 || res.statusCode >= 400 || typeof location !== "string") break;
      target = new URL(location, target);
    }
    target = new URL(link);
  }
}

async function sessionCount(ctx: TestContext) {
  const rows = await ctx.database.db.execute(sql`select count(*)::int as n from sessions`);
  return Number((rows.rows[0] as { n: number }).n);
}

const linkIn = async (ctx: TestContext, email: string, subject: RegExp) => {
  const mail = await ctx.mail.waitFor(email, { subject });
  return mail.links[0]!;
};

const REQUEST_PAGE = "/solicitacoes/reembolso/7b0c0c1e-5b8a-4c55-9b1f-0d3f1f6f2a11";

const tokenOf = (link: string) => new URL(link).searchParams.get("token") ?? "";

describeWithApp("e-mailed links survive mail scanners", {}, (ctx) => {
  it("magic link: the scanner's HEAD and GET create no session; the person's click on the page signs in, once", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    await ctx().app.inject({ method: "POST", url: "/api/logout", headers: { cookie: ana.cookie } });
    ctx().mail.clear();
    const sent = await ctx().app.inject({
      method: "POST",
      url: "/api/magic-link",
      payload: { email: ana.email, returnTo: REQUEST_PAGE },
    });
    expect(sent.statusCode).toBe(200);
    const link = await linkIn(ctx(), ana.email, /link de acesso/);
    expect(new URL(link).pathname).toBe("/link-de-acesso");
    const before = await sessionCount(ctx());
    await scan(ctx(), link);
    expect(await sessionCount(ctx())).toBe(before);

    const click = () =>
      ctx().app.inject({
        method: "POST",
        url: "/api/magic-link/verify",
        payload: { token: tokenOf(link), next: new URL(link).searchParams.get("next") ?? undefined },
      });
    const signedIn = await click();
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toEqual({ to: REQUEST_PAGE });
    const cookie = cookieHeader(signedIn.headers["set-cookie"]);
    expect((await ctx().app.inject({ url: "/api/me", headers: { cookie } })).statusCode).toBe(200);
    // Single use: the second click is refused in Portuguese.
    const again = await click();
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: "LINK_INVALID", message: "Link inválido ou expirado" });
  });

  it("magic link: another site cannot spend it for the person (the click is a same-origin POST)", async () => {
    await person(ctx(), "bia@agencia.digital", "Bia Lima");
    ctx().mail.clear();
    await ctx().app.inject({
      method: "POST",
      url: "/api/magic-link",
      payload: { email: "bia@agencia.digital" },
    });
    const link = await linkIn(ctx(), "bia@agencia.digital", /link de acesso/);
    const forged = await ctx().app.inject({
      method: "POST",
      url: "/api/magic-link/verify",
      headers: { origin: "https://atacante.example" },
      payload: { token: tokenOf(link) },
    });
    expect(forged.statusCode).toBe(403);
    const real = await ctx().app.inject({
      method: "POST",
      url: "/api/magic-link/verify",
      headers: { origin: "http://localhost:3000" },
      payload: { token: tokenOf(link) },
    });
    expect(real.statusCode, real.body).toBe(200);
  });

  it("a link e-mailed before this change (better-auth's own address) only opens the page", async () => {
    await person(ctx(), "caio@agencia.digital", "Caio Reis");
    ctx().mail.clear();
    await ctx().app.inject({
      method: "POST",
      url: "/api/magic-link",
      payload: { email: "caio@agencia.digital" },
    });
    const token = tokenOf(await linkIn(ctx(), "caio@agencia.digital", /link de acesso/));
    const before = await sessionCount(ctx());
    const old = `/api/auth/magic-link/verify?token=${token}&callbackURL=${encodeURIComponent(REQUEST_PAGE)}`;
    for (const method of ["HEAD", "GET"] as const) {
      const res = await ctx().app.inject({ method, url: old, headers: SCANNER });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(
        `/link-de-acesso?token=${token}&next=${encodeURIComponent(REQUEST_PAGE)}`,
      );
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
    expect(await sessionCount(ctx())).toBe(before);
  });

  it("confirmation: no GET confirms, even in the browser that registered; its click on the page does", async () => {
    const registered = await register(ctx(), {
      name: "Davi Melo",
      email: "davi@agencia.digital",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    const browser = cookieHeader(registered.headers["set-cookie"]);
    const link = await linkIn(ctx(), "davi@agencia.digital", /Confirme/);
    await scan(ctx(), link);
    // Even the registering browser's own GET (a preview, a prefetch) only opens the page.
    const opened = await ctx().app.inject({
      url: `${new URL(link).pathname}${new URL(link).search}`,
      headers: { cookie: browser },
    });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`/confirmar-email?token=${encodeURIComponent(tokenOf(link))}`);
    expect((await passwordLogin(ctx(), "davi@agencia.digital")).statusCode).toBe(403);

    const pending = await ctx().app.inject({
      url: `/api/confirm-email/pending?token=${tokenOf(link)}`,
      headers: { cookie: browser },
    });
    expect(pending.json()).toEqual({ email: "davi@agencia.digital", name: "Davi Melo", sameBrowser: true });
    const elsewhere = await ctx().app.inject({ url: `/api/confirm-email/pending?token=${tokenOf(link)}` });
    expect(elsewhere.json()).toMatchObject({ sameBrowser: false });

    // Without the registering browser's cookie, the one-click confirmation is refused.
    const stranger = await ctx().app.inject({
      method: "POST",
      url: "/api/confirm-email/this-browser",
      payload: { token: tokenOf(link) },
    });
    expect(stranger.statusCode).toBe(400);
    const confirmed = await ctx().app.inject({
      method: "POST",
      url: "/api/confirm-email/this-browser",
      headers: { cookie: browser },
      payload: { token: tokenOf(link) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ email: "davi@agencia.digital" });
    expect((await passwordLogin(ctx(), "davi@agencia.digital")).statusCode).toBe(200);
  });

  it("password reset: the scanner's HEAD and GET leave the link working; the page's POST spends it", async () => {
    await person(ctx(), "eva@agencia.digital", "Eva Lins");
    ctx().mail.clear();
    await ctx().app.inject({
      method: "POST",
      url: "/api/password-reset/request",
      payload: { email: "eva@agencia.digital" },
    });
    const link = await linkIn(ctx(), "eva@agencia.digital", /Redefina/);
    await scan(ctx(), link);
    const token = tokenOf(link);
    const looked = await ctx().app.inject({ url: `/api/password-reset?token=${token}`, headers: SCANNER });
    expect(looked.statusCode).toBe(200);
    const reset = await ctx().app.inject({
      method: "POST",
      url: "/api/password-reset",
      payload: { token, password: "nova-senha-7", confirmPassword: "nova-senha-7" },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await passwordLogin(ctx(), "eva@agencia.digital", "nova-senha-7")).statusCode).toBe(200);
  });
});
