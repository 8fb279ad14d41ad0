import { Writable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type App, loggerOptions } from "../../app";
import { ssoProviderOfSession } from "../../auth/sso";
import { accounts, pendingSignUps, sessions, users } from "../../db/schema";
import { cookieHeader, register } from "../../testing/auth-helpers";
import { type OidcProvider, startOidcProvider } from "../../testing/oidc-provider";
import { person } from "../../testing/people";
import { describeWithApp } from "../../testing/test-app";

/*
 * Sign-in with an identity provider (docs/decisions/052), against a real OpenID provider on
 * loopback, configured as the Google kind so that its `hd` rule applies: who gets in, who is
 * linked, and every refusal landing on /login with its reason.
 */

const PUBLIC_URL = "http://localhost:3000";
const CALLBACK = `${PUBLIC_URL}/api/auth/callback/google`;
let idp: OidcProvider;

beforeAll(async () => {
  idp = await startOidcProvider({ redirectUris: [CALLBACK] });
});
afterAll(() => idp?.close());

/** The start of a sign-in, in one browser: the provider's URL and the state cookie. */
async function start(app: App) {
  const response = await app.inject({ method: "POST", url: "/api/sso/google", payload: {} });
  expect(response.statusCode, response.body).toBe(200);
  return { url: response.json().url as string, cookie: cookieHeader(response.headers["set-cookie"]) };
}

/** Opens the provider's answer in the browser that started: where Balcão sends it, and its cookie. */
async function callback(app: App, url: string, cookie: string) {
  const target = new URL(url);
  const response = await app.inject({ url: `${target.pathname}${target.search}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(302);
  return {
    location: response.headers.location as string,
    cookie: cookieHeader(response.headers["set-cookie"]),
  };
}

async function signIn(app: App, login: string) {
  const begun = await start(app);
  return callback(app, await idp.authorize(begun.url, login), begun.cookie);
}

const me = (app: App, cookie: string) => app.inject({ url: "/api/me", headers: { cookie } });

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logLines.push(String(chunk));
    done();
  },
});

const env = { ALLOWED_EMAIL_DOMAINS: "agencia.digital,agencia.com.br" };

describeWithApp(
  "Sign-in with an identity provider (decision 052)",
  {
    env,
    logger: { ...(loggerOptions("info") as object), stream: logStream },
    config: (config) => ({
      ...config,
      sso: [
        {
          id: "google",
          name: "Google",
          discoveryUrl: idp.discoveryUrl,
          clientId: idp.clientId,
          clientSecret: idp.clientSecret,
        },
      ],
    }),
  },
  (ctx) => {
    it("an allowed, verified address of the Workspace creates a confirmed account and signs in", async () => {
      const app = ctx().app;
      const config = await app.inject({ url: "/api/config" });
      expect(config.json().sso).toEqual([{ id: "google", name: "Google" }]);

      const begun = await start(app);
      const asked = new URL(begun.url);
      expect(asked.origin).toBe(idp.issuer);
      expect(asked.searchParams.get("code_challenge_method")).toBe("S256");
      expect(asked.searchParams.get("nonce")).toBeTruthy();
      expect(asked.searchParams.get("state")).toBeTruthy();
      expect(asked.searchParams.get("scope")?.split(" ").sort()).toEqual(["email", "openid", "profile"]);

      idp.person("ana-sub", { email: "Ana@agencia.digital", hd: "agencia.digital", name: "Ana Souza" });
      const answered = new URL(await idp.authorize(begun.url, "ana-sub"));
      logLines.length = 0;
      const landed = await callback(app, answered.toString(), begun.cookie);
      expect(landed.location).toBe("/");
      // Neither the code nor the state is written to the log.
      const log = logLines.join("\n");
      expect(log).toContain("/api/auth/callback/google?code=[redacted]&state=[redacted]");
      expect(log).not.toContain(answered.searchParams.get("code")!);
      expect(log).not.toContain(answered.searchParams.get("state")!);
      const signedIn = await me(app, landed.cookie);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().user).toMatchObject({ email: "ana@agencia.digital", name: "Ana Souza" });

      const db = ctx().database.db;
      const [user] = await db.select().from(users).where(eq(users.email, "ana@agencia.digital"));
      expect(user?.emailVerified).toBe(true);
      const [account] = await db.select().from(accounts).where(eq(accounts.userId, user!.id));
      // The provider's tokens are not kept.
      expect(account).toMatchObject({
        providerId: "google",
        accountId: "ana-sub",
        accessToken: null,
        idToken: null,
      });
      // The second factor can tell this session came from the provider.
      const [session] = await db.select().from(sessions).where(eq(sessions.userId, user!.id));
      expect(await ssoProviderOfSession(db, session!.id)).toBe("google");
    });

    it("links to the existing confirmed account with that address; a password session is not an SSO one", async () => {
      const app = ctx().app;
      const bia = await person(ctx(), "bia@agencia.digital", "Bia Lima");
      const db = ctx().database.db;
      const [passwordSession] = await db.select().from(sessions).where(eq(sessions.userId, bia.user.id));
      expect(await ssoProviderOfSession(db, passwordSession!.id)).toBeNull();

      idp.person("bia-sub", { email: "bia@agencia.digital", hd: "agencia.digital", name: "Outro Nome" });
      const landed = await signIn(app, "bia-sub");
      expect(landed.location).toBe("/");
      expect((await me(app, landed.cookie)).json().user).toMatchObject({ id: bia.user.id, name: "Bia Lima" });
      const linked = await db.select().from(accounts).where(eq(accounts.userId, bia.user.id));
      expect(linked.map((a) => a.providerId).sort()).toEqual(["credential", "google"]);
      expect((await db.select().from(users)).length).toBe(1);
    });

    it("refuses a foreign domain, an unverified address and a personal or foreign Workspace, creating nobody", async () => {
      const app = ctx().app;
      idp.person("foreign", { email: "eve@gmail.com", hd: "agencia.digital" });
      idp.person("unverified", {
        email: "caio@agencia.digital",
        hd: "agencia.digital",
        emailVerified: false,
      });
      idp.person("personal", { email: "dani@agencia.digital" });
      idp.person("other-hd", { email: "edu@agencia.digital", hd: "outra.com" });
      expect((await signIn(app, "foreign")).location).toBe("/login?sso=dominio");
      expect((await signIn(app, "unverified")).location).toBe("/login?sso=nao-verificado");
      expect((await signIn(app, "personal")).location).toBe("/login?sso=workspace");
      expect((await signIn(app, "other-hd")).location).toBe("/login?sso=workspace");
      expect(await ctx().database.db.select().from(users)).toEqual([]);
    });

    it("an address whose account was later moved out of bounds is refused at its next sign-in", async () => {
      const app = ctx().app;
      idp.person("fabi-sub", { email: "fabi@agencia.digital", hd: "agencia.digital" });
      expect((await signIn(app, "fabi-sub")).location).toBe("/");
      idp.person("fabi-sub", { email: "fabi@agencia.digital", hd: "agencia.digital", emailVerified: false });
      const again = await signIn(app, "fabi-sub");
      expect(again.location).toBe("/login?sso=nao-verificado");
      expect(again.cookie).not.toMatch(/session_token=[^;]+/);
    });

    it("a replayed code or callback, a tampered state or another browser's callback are refused", async () => {
      const app = ctx().app;
      idp.person("gil-sub", { email: "gil@agencia.digital", hd: "agencia.digital" });
      const first = await start(app);
      const answered = await idp.authorize(first.url, "gil-sub");
      expect((await callback(app, answered, first.cookie)).location).toBe("/");

      // The same callback again: its state was spent.
      expect((await callback(app, answered, first.cookie)).location).toBe("/login?sso=falhou");

      // The spent code inside a fresh flow of the same browser: the provider refuses it.
      const second = await start(app);
      const fresh = new URL(await idp.authorize(second.url, "gil-sub"));
      const replayed = new URL(fresh);
      replayed.searchParams.set("code", new URL(answered).searchParams.get("code")!);
      expect((await callback(app, replayed.toString(), second.cookie)).location).toBe("/login?sso=falhou");

      // A changed state, or the right one without the browser's state cookie.
      const third = await start(app);
      const good = new URL(await idp.authorize(third.url, "gil-sub"));
      const tampered = new URL(good);
      tampered.searchParams.set("state", `${good.searchParams.get("state")}x`);
      const refused = await callback(app, tampered.toString(), third.cookie);
      expect(refused.location).toBe("/login?sso=falhou");
      expect((await callback(app, good.toString(), "")).location).toBe("/login?sso=falhou");
      expect(refused.cookie).not.toMatch(/session_token=[^;]+/);
    });

    it("a provider-verified address replaces someone's unconfirmed sign-up of it: the owner gets in, the other password never works", async () => {
      const app = ctx().app;
      const db = ctx().database.db;
      // Someone registers a colleague's address with a password and a name of their own.
      const registered = await register(ctx(), {
        name: "Nome Do Atacante",
        email: "ivo@agencia.digital",
        password: "senha-do-atacante",
        confirmPassword: "senha-do-atacante",
      });
      expect(registered.statusCode).toBe(201);
      const attackerBrowser = cookieHeader(registered.headers["set-cookie"]);
      const mail = await ctx().mail.waitFor("ivo@agencia.digital", { subject: /Confirme/i });
      const link = new URL(mail.links.find((l) => l.includes("confirm"))!);

      idp.person("ivo-sub", { email: "ivo@agencia.digital", hd: "agencia.digital", name: "Ivo Prado" });
      const landed = await signIn(app, "ivo-sub");
      expect(landed.location).toBe("/");
      const signedIn = await me(app, landed.cookie);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().user).toMatchObject({ email: "ivo@agencia.digital", name: "Ivo Prado" });
      expect(await db.select().from(pendingSignUps)).toEqual([]);
      const [user] = await db.select().from(users).where(eq(users.email, "ivo@agencia.digital"));
      expect(user?.emailVerified).toBe(true);
      const held = await db.select().from(accounts).where(eq(accounts.userId, user!.id));
      expect(held.map((a) => a.providerId)).toEqual(["google"]);

      // The other person's password, and their confirmation link in their own browser, do nothing.
      const login = await app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email: "ivo@agencia.digital", password: "senha-do-atacante" },
      });
      expect(login.statusCode).toBe(401);
      const confirm = await app.inject({
        url: `${link.pathname}${link.search}`,
        headers: { cookie: attackerBrowser },
      });
      expect(confirm.statusCode).toBe(302);
      expect(confirm.headers.location).toBe("/login?error=link");
      const after = await db.select().from(accounts).where(eq(accounts.userId, user!.id));
      expect(after.map((a) => a.providerId)).toEqual(["google"]);
      expect((await me(app, landed.cookie)).statusCode).toBe(200);
    });

    it("a deactivated account is refused with its message", async () => {
      const app = ctx().app;
      const hugo = await person(ctx(), "hugo@agencia.digital", "Hugo Reis");
      await ctx()
        .database.db.update(users)
        .set({ deactivatedAt: new Date() })
        .where(eq(users.id, hugo.user.id));
      idp.person("hugo-sub", { email: "hugo@agencia.digital", hd: "agencia.digital" });
      const landed = await signIn(app, "hugo-sub");
      expect(landed.location).toBe("/login?sso=desativada");
      expect(landed.cookie).not.toMatch(/session_token=[^;]+/);
    });

    it("only a configured provider starts, within the per-IP limit; other better-auth paths stay closed", async () => {
      const app = ctx().app;
      const microsoft = await app.inject({ method: "POST", url: "/api/sso/microsoft", payload: {} });
      expect(microsoft.statusCode).toBe(404);
      expect(microsoft.json().message).toBe("Login não disponível");
      expect((await app.inject({ method: "POST", url: "/api/sso/github", payload: {} })).statusCode).toBe(
        404,
      );
      expect((await app.inject({ url: "/api/auth/callback/microsoft?code=x&state=y" })).statusCode).toBe(404);
      expect(
        (
          await app.inject({
            method: "POST",
            url: "/api/auth/sign-in/social",
            payload: { provider: "google" },
          })
        ).statusCode,
      ).toBe(404);
      await ctx().database.db.execute(
        sql`insert into rate_limits (key, count, reset_at) values ('sso-start:ip:127.0.0.1', 60, now() + interval '10 minutes') on conflict (key) do update set count = 60`,
      );
      expect((await app.inject({ method: "POST", url: "/api/sso/google", payload: {} })).statusCode).toBe(
        429,
      );
    });
  },
);
