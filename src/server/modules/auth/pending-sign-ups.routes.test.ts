// @long-file: tens of seconds, so it starts first (build/vitest/long-files-first.ts).
import { createEmailVerificationToken } from "better-auth/api";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { authMessages } from "@/domain/messages";
import {
  confirmationLink,
  cookieHeader,
  PASSWORD,
  passwordLogin,
  register,
  signedInUser,
} from "../../testing/auth-helpers";
import { describeWithApp, type TestContext } from "../../testing/test-app";

/*
 * Pre-registration takeover: registering a colleague's address must
 * never leave a password of the registrant's choosing on the colleague's account.
 * docs/decisions/009-pending-sign-ups.md
 */

const EMAIL = "ana@agencia.digital";
const OWNER_PASSWORD = "senha-da-ana";
const ATTACKER_PASSWORD = "senha-do-intruso";

const signUp = (ctx: TestContext, name: string, password: string) =>
  register(ctx, { name, email: EMAIL, password, confirmPassword: password });

/** The registering browser's cookies, as the next request of that browser sends them. */
const browserOf = (res: { headers: Record<string, unknown> }) =>
  cookieHeader(res.headers["set-cookie"] as string | string[] | undefined);

/**
 * What a browser does with the e-mailed link: the GET (which changes nothing) lands on the
 * confirmation page, whose 'Confirmar email' button the registering browser is offered and clicks.
 * The answer says where the browser ends: /login (confirmed, or the link refused) or the
 * set-password page, with the cookies set on the way.
 */
async function open(ctx: TestContext, link: string, cookie?: string) {
  const headers = cookie ? { cookie } : {};
  const opened = await ctx.app.inject({ method: "GET", url: link, headers });
  const page = opened.headers.location ?? "";
  if (!page.startsWith("/confirmar-email")) return opened;
  const token = tokenOf(link);
  const pending = await ctx.app.inject({ url: `/api/confirm-email/pending?token=${token}`, headers });
  if (!pending.json().sameBrowser) return opened;
  const clicked = await ctx.app.inject({
    method: "POST",
    url: "/api/confirm-email/this-browser",
    payload: { token },
    headers,
  });
  const landing = clicked.statusCode === 200 ? "/login?confirmed=1" : "/login?error=link";
  return { statusCode: 302, headers: { location: landing, "set-cookie": clicked.headers["set-cookie"] } };
}

const choosePassword = (ctx: TestContext, body: Record<string, string>) =>
  ctx.app.inject({ method: "POST", url: "/api/confirm-email", payload: body });

/** Every confirmation link e-mailed to `email`, oldest first. */
function allLinks(ctx: TestContext, email = EMAIL) {
  return ctx.mail.mails
    .filter((m) => m.to.includes(email) && /Confirme/.test(m.subject))
    .map((m) => {
      const url = new URL(m.links[0]!);
      return url.pathname + url.search;
    });
}

const tokenOf = (link: string) => new URL(link, "http://x").searchParams.get("token")!;

async function count(ctx: TestContext, table: "users" | "pending_sign_ups" | "sessions") {
  const result = await ctx.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  return Number(result.rows[0]!.n);
}

async function isConfirmed(ctx: TestContext, email = EMAIL) {
  const result = await ctx.database.db.execute(sql`select email_verified from users where email = ${email}`);
  return result.rows[0]?.email_verified;
}

describeWithApp("pending sign-ups", {}, (ctx) => {
  it("gives the registering browser an httpOnly nonce cookie scoped to the confirmation endpoint", async () => {
    const res = await signUp(ctx(), "Ana Souza", OWNER_PASSWORD);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      user: { id: expect.any(String), email: EMAIL, name: "Ana Souza" },
      requiresEmailVerification: true,
    });
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/^balcao\.signup_nonce=[\w-]{40,};/);
    expect(cookie).toMatch(/; Path=\/api\/confirm-email;/);
    expect(cookie).toMatch(/; Max-Age=86400;/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // http://localhost; see the https test below
    const mail = await ctx().mail.waitFor(EMAIL, { subject: /Confirme/ });
    expect(mail.links[0]).toMatch(/^http:\/\/localhost:3000\/api\/confirm-email\?token=[\w-]{40,}$/);
    expect(mail.text).toContain("O link vale por 24 horas");
  });

  it("same browser: one click confirms and keeps the password chosen at sign-up; the link is single use", async () => {
    const browser = browserOf(await signUp(ctx(), "Ana Souza", OWNER_PASSWORD));
    const link = await confirmationLink(ctx(), EMAIL);
    const res = await open(ctx(), link, browser);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/login?confirmed=1");
    expect(String(res.headers["set-cookie"])).toMatch(
      /^balcao\.signup_nonce=; Path=\/api\/confirm-email; Max-Age=0/,
    );
    expect(await isConfirmed(ctx())).toBe(true);
    expect((await passwordLogin(ctx(), EMAIL, OWNER_PASSWORD)).statusCode).toBe(200);

    const again = await open(ctx(), link, browser);
    expect(again.headers.location).toBe("/login?error=link");
  });

  it("the same 'Confirmar email' sent twice at once (a double click, two tabs): one confirms, the other is refused, never a 500", async () => {
    const browser = browserOf(await signUp(ctx(), "Ana Souza", OWNER_PASSWORD));
    const token = tokenOf(await confirmationLink(ctx(), EMAIL));
    const click = () =>
      ctx().app.inject({
        method: "POST",
        url: "/api/confirm-email/this-browser",
        payload: { token },
        headers: { cookie: browser },
      });
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([click(), click(), click()]);
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes, answers.map((a) => a.body).join("\n")).toEqual(
        round === 0 ? [200, 400, 400] : [400, 400, 400],
      );
    }
    expect(await isConfirmed(ctx())).toBe(true);
    expect((await passwordLogin(ctx(), EMAIL, OWNER_PASSWORD)).statusCode).toBe(200);
  });

  it("two sign-ups of one address at once, each then confirmed from its own browser at once: no 500, and one password works", async () => {
    const [first, second] = await Promise.all([
      signUp(ctx(), "Ana Souza", OWNER_PASSWORD),
      signUp(ctx(), "Ana Souza", OWNER_PASSWORD),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const links = allLinks(ctx());
    const answers = await Promise.all(
      [first, second].flatMap((res) =>
        links.map((link) =>
          ctx().app.inject({
            method: "POST",
            url: "/api/confirm-email/this-browser",
            payload: { token: tokenOf(link) },
            headers: { cookie: browserOf(res) },
          }),
        ),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(
      codes.filter((c) => c >= 500),
      answers.map((a) => a.body).join("\n"),
    ).toEqual([]);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(await isConfirmed(ctx())).toBe(true);
    expect((await passwordLogin(ctx(), EMAIL, OWNER_PASSWORD)).statusCode).toBe(200);
  });

  it("a sign-up of the address while its owner confirms: no 500, and whichever lands last decides", async () => {
    for (let round = 0; round < 5; round++) {
      await ctx().database.db.execute(sql`delete from users where email = ${EMAIL}`);
      const owner = await signUp(ctx(), "Ana Souza", OWNER_PASSWORD);
      const token = tokenOf(await confirmationLink(ctx(), EMAIL));
      const [again, confirmed] = await Promise.all([
        signUp(ctx(), "Ana Souza", OWNER_PASSWORD),
        ctx().app.inject({
          method: "POST",
          url: "/api/confirm-email/this-browser",
          payload: { token },
          headers: { cookie: browserOf(owner) },
        }),
      ]);
      expect(
        [again.statusCode, confirmed.statusCode].filter((c) => c >= 500),
        confirmed.body + again.body,
      ).toEqual([]);
    }
  });

  it("stores the token, the nonce and the password only as hashes", async () => {
    const res = await signUp(ctx(), "Ana Souza", OWNER_PASSWORD);
    const token = tokenOf(await confirmationLink(ctx(), EMAIL));
    const nonce = browserOf(res).split("=")[1]!;
    const rows = await ctx().database.db.execute(sql`select * from pending_sign_ups`);
    const stored = JSON.stringify(rows.rows);
    for (const secret of [token, nonce, OWNER_PASSWORD]) expect(stored).not.toContain(secret);
    // Until the e-mail is proven the account itself holds no password at all.
    const credentials = await ctx().database.db.execute(sql`select count(*)::int as n from accounts`);
    expect(credentials.rows[0]).toEqual({ n: 0 });
  });

  it("attacker registers first, then the owner: 201, the owner confirms and signs in; the attacker's password is refused", async () => {
    const attacker = browserOf(await signUp(ctx(), "Intruso", ATTACKER_PASSWORD));
    const owner = await signUp(ctx(), "Ana Souza", OWNER_PASSWORD);
    expect(owner.statusCode).toBe(201);
    expect(owner.json().user.name).toBe("Ana Souza");
    expect(await count(ctx(), "users")).toBe(1);

    const [attackersLink, ownersLink] = allLinks(ctx());
    // The first link died with the sign-up it belonged to, even in the attacker's browser.
    expect((await open(ctx(), attackersLink!, attacker)).headers.location).toBe("/login?error=link");
    expect((await open(ctx(), ownersLink!, browserOf(owner))).headers.location).toBe("/login?confirmed=1");

    expect((await passwordLogin(ctx(), EMAIL, OWNER_PASSWORD)).statusCode).toBe(200);
    const refused = await passwordLogin(ctx(), EMAIL, ATTACKER_PASSWORD);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe("Credenciais inválidas");
  });

  it("owner registers first, attacker re-registers: the owner's old link dies; the new one, opened without the attacker's cookie, goes through set-password and the attacker's password never works", async () => {
    const owner = browserOf(await signUp(ctx(), "Ana Souza", OWNER_PASSWORD));
    const attacker = await signUp(ctx(), "Intruso", ATTACKER_PASSWORD);
    expect(attacker.statusCode).toBe(201);
    const [oldLink, newLink] = allLinks(ctx());
    expect((await open(ctx(), oldLink!, owner)).headers.location).toBe("/login?error=link");

    // The owner's browser holds the owner's nonce, not the attacker's: nothing is confirmed by a GET.
    const opened = await open(ctx(), newLink!, owner);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`/confirmar-email?token=${tokenOf(newLink!)}`);
    // A mail scanner's GET (no cookie), twice: still nothing spent, nothing changed.
    for (let i = 0; i < 2; i++) {
      expect((await open(ctx(), newLink!)).headers.location).toBe(
        `/confirmar-email?token=${tokenOf(newLink!)}`,
      );
    }
    expect(await isConfirmed(ctx())).toBe(false);
    expect((await passwordLogin(ctx(), EMAIL, ATTACKER_PASSWORD)).statusCode).toBe(403);

    // The set-password page shows whose sign-up it is, then takes the registration's rules.
    const pending = await ctx().app.inject({
      url: `/api/confirm-email/pending?token=${tokenOf(newLink!)}`,
    });
    expect(pending.json()).toEqual({ email: EMAIL, name: "Intruso", sameBrowser: false });
    const token = tokenOf(newLink!);
    const differ = await choosePassword(ctx(), {
      token,
      name: "Ana Souza",
      password: OWNER_PASSWORD,
      confirmPassword: "outra",
    });
    expect(differ.statusCode).toBe(400);
    expect(differ.json()).toMatchObject({ message: "Senhas não conferem", code: "PASSWORDS_DIFFER" });
    const short = await choosePassword(ctx(), {
      token,
      name: "Ana Souza",
      password: "12345",
      confirmPassword: "12345",
    });
    expect(short.json()).toMatchObject({
      message: "Senha muito curta",
      description: authMessages.passwordTooShort.description,
    });
    const shortName = await choosePassword(ctx(), {
      token,
      name: "Jo",
      password: OWNER_PASSWORD,
      confirmPassword: OWNER_PASSWORD,
    });
    expect(shortName.json().fields).toEqual({ name: "Nome deve ter pelo menos 3 caracteres" });
    expect(await isConfirmed(ctx())).toBe(false);

    const chosen = await choosePassword(ctx(), {
      token,
      name: " Ana Souza ",
      password: OWNER_PASSWORD,
      confirmPassword: OWNER_PASSWORD,
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ email: EMAIL });
    expect(await isConfirmed(ctx())).toBe(true);

    expect((await passwordLogin(ctx(), EMAIL, ATTACKER_PASSWORD)).statusCode).toBe(401);
    const login = await passwordLogin(ctx(), EMAIL, OWNER_PASSWORD);
    expect(login.statusCode).toBe(200);
    expect(login.json().user.name).toBe("Ana Souza");

    // Spent: neither the page nor the attacker's browser can use the link again.
    const replay = await choosePassword(ctx(), {
      token,
      name: "Intruso",
      password: ATTACKER_PASSWORD,
      confirmPassword: ATTACKER_PASSWORD,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ message: "Link inválido ou expirado", code: "LINK_INVALID" });
    expect((await open(ctx(), newLink!, browserOf(attacker))).headers.location).toBe("/login?error=link");
    expect((await passwordLogin(ctx(), EMAIL, ATTACKER_PASSWORD)).statusCode).toBe(401);
  });

  it("another browser of the registrant also goes through set-password: the GET alone confirms nothing", async () => {
    await signUp(ctx(), "Ana Souza", OWNER_PASSWORD);
    const link = await confirmationLink(ctx(), EMAIL);
    const phone = await open(ctx(), link, "balcao.signup_nonce=adivinhado");
    expect(phone.headers.location).toMatch(/^\/confirmar-email\?token=/);
    expect(await isConfirmed(ctx())).toBe(false);
    expect(await count(ctx(), "pending_sign_ups")).toBe(1);
  });

  it("a confirmed address still answers 409 'Email já cadastrado' and keeps its password", async () => {
    await signedInUser(ctx(), EMAIL, "Ana Souza");
    const again = await signUp(ctx(), "Intruso", ATTACKER_PASSWORD);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: "Email já cadastrado",
      description: authMessages.emailTaken.description,
    });
    expect(again.headers["set-cookie"]).toBeUndefined();
    expect(await count(ctx(), "pending_sign_ups")).toBe(0);
    expect((await passwordLogin(ctx(), EMAIL)).statusCode).toBe(200);
    expect((await passwordLogin(ctx(), EMAIL, ATTACKER_PASSWORD)).statusCode).toBe(401);
  });

  it("a pending account answers 'Email não confirmado' to any password, and to a magic link", async () => {
    await signUp(ctx(), "Ana Souza", OWNER_PASSWORD);
    for (const password of [OWNER_PASSWORD, "qualquer-outra"]) {
      const res = await passwordLogin(ctx(), EMAIL, password);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: "Email não confirmado", code: "EMAIL_NOT_VERIFIED" });
    }
    const magic = await ctx().app.inject({
      method: "POST",
      url: "/api/magic-link",
      payload: { email: EMAIL },
    });
    expect(magic.statusCode).toBe(403);
    expect(magic.json().code).toBe("EMAIL_NOT_VERIFIED");
  });

  it("better-auth's own confirmation endpoint is closed: an old-style token confirms nothing", async () => {
    const res = await signUp(ctx(), "Ana Souza", OWNER_PASSWORD);
    const token = await createEmailVerificationToken(
      "test-secret-test-secret-test-secret-0123",
      EMAIL,
      undefined,
      3600,
      { userId: res.json().user.id },
    );
    // A link e-mailed before this change lands on /login with 'Link inválido ou expirado', having done nothing.
    const old = await ctx().app.inject({ url: `/api/auth/verify-email?token=${token}&callbackURL=%2F` });
    expect(old.statusCode).toBe(302);
    expect(old.headers.location).toBe("/login?error=link");
    expect(await isConfirmed(ctx())).toBe(false);
    expect(await count(ctx(), "pending_sign_ups")).toBe(1);
  });

  it("a link expires after 24 hours; the sweep then deletes the unconfirmed user, and the address is free again", async () => {
    const browser = browserOf(await signUp(ctx(), "Ana Souza", OWNER_PASSWORD));
    await signedInUser(ctx(), "bia@agencia.digital", "Bia Lima");
    await register(ctx(), {
      name: "Caio Reis",
      email: "caio@agencia.digital",
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    const expires = await ctx().database.db.execute(
      sql`select extract(epoch from p.expires_at - now())::int as seconds from pending_sign_ups p join users u on u.id = p.user_id where u.email = ${EMAIL}`,
    );
    expect(Number(expires.rows[0]!.seconds)).toBeGreaterThan(24 * 3600 - 60);
    expect(Number(expires.rows[0]!.seconds)).toBeLessThanOrEqual(24 * 3600);

    await ctx().database.db.execute(
      sql`update pending_sign_ups set expires_at = now() - interval '1 second' where user_id = (select id from users where email = ${EMAIL})`,
    );
    const link = await confirmationLink(ctx(), EMAIL);
    expect((await open(ctx(), link, browser)).headers.location).toBe("/login?error=link");
    expect(
      (await ctx().app.inject({ url: `/api/confirm-email/pending?token=${tokenOf(link)}` })).statusCode,
    ).toBe(404);

    expect(await ctx().app.pendingSignUps.sweep()).toBe(1);
    const left = await ctx().database.db.execute(sql`select email from users order by email`);
    // The confirmed user and the sign-up still within its 24 hours stay.
    expect(left.rows.map((r) => r.email)).toEqual(["bia@agencia.digital", "caio@agencia.digital"]);
    expect(await ctx().app.pendingSignUps.sweep()).toBe(0);

    expect((await signUp(ctx(), "Ana Souza", OWNER_PASSWORD)).statusCode).toBe(201);
  });

  it("an expired sign-up not swept yet is replaced like any other", async () => {
    await signUp(ctx(), "Intruso", ATTACKER_PASSWORD);
    await ctx().database.db.execute(sql`update pending_sign_ups set expires_at = now() - interval '1 hour'`);
    const owner = await signUp(ctx(), "Ana Souza", OWNER_PASSWORD);
    expect(owner.statusCode).toBe(201);
    expect((await open(ctx(), await confirmationLink(ctx(), EMAIL), browserOf(owner))).headers.location).toBe(
      "/login?confirmed=1",
    );
    expect((await passwordLogin(ctx(), EMAIL, OWNER_PASSWORD)).statusCode).toBe(200);
  });
});

describeWithApp("resending the confirmation e-mail", {}, (ctx) => {
  const resend = (email: string, cookie?: string) =>
    ctx().app.inject({
      method: "POST",
      url: "/api/confirm-email/resend",
      payload: { email },
      ...(cookie ? { headers: { cookie } } : {}),
    });

  it("sends a fresh link, kills the older one, and the registering browser still confirms in one click", async () => {
    const browser = browserOf(await signUp(ctx(), "Ana Souza", OWNER_PASSWORD));
    const first = await confirmationLink(ctx(), EMAIL);
    ctx().mail.clear();
    const res = await resend(" ANA@agencia.digital ", browser);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    // Same nonce, a fresh lifetime.
    expect(String(res.headers["set-cookie"])).toBe(
      `${browser}; Path=/api/confirm-email; Max-Age=86400; HttpOnly; SameSite=Lax`,
    );
    const second = await confirmationLink(ctx(), EMAIL);
    expect(second).not.toBe(first);
    expect((await open(ctx(), first, browser)).headers.location).toBe("/login?error=link");
    expect((await open(ctx(), second, browser)).headers.location).toBe("/login?confirmed=1");
    expect((await passwordLogin(ctx(), EMAIL, OWNER_PASSWORD)).statusCode).toBe(200);
  });

  it("from another browser: the link comes, and goes through set-password", async () => {
    await signUp(ctx(), "Ana Souza", OWNER_PASSWORD);
    ctx().mail.clear();
    const res = await resend(EMAIL);
    expect(res.headers["set-cookie"]).toBeUndefined();
    const link = await confirmationLink(ctx(), EMAIL);
    expect((await open(ctx(), link)).headers.location).toMatch(/^\/confirmar-email\?token=/);
  });

  it("answers the same for an unknown or confirmed address, and sends nothing", async () => {
    await signedInUser(ctx(), "bia@agencia.digital", "Bia Lima");
    ctx().mail.clear();
    for (const email of ["ninguem@agencia.digital", "bia@agencia.digital"]) {
      const res = await resend(email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
    }
    const empty = await resend(" ");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe("Email obrigatório");
    await new Promise((r) => setTimeout(r, 200));
    expect(ctx().mail.mails).toHaveLength(0);
  });

  it("is rate-limited per e-mail (5 an hour) with the Portuguese 429", async () => {
    await signUp(ctx(), "Ana Souza", OWNER_PASSWORD);
    for (let i = 0; i < 5; i++) expect((await resend(EMAIL)).statusCode).toBe(200);
    const limited = await resend(EMAIL);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ message: "Muitas tentativas", code: "TOO_MANY_REQUESTS" });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(50 * 60);
  });
});

describeWithApp(
  "pending sign-ups under https",
  { env: { PUBLIC_URL: "https://balcao.agencia.digital" } },
  (ctx) => {
    it("marks the nonce cookie Secure, with the __Secure- prefix", async () => {
      const res = await ctx().app.inject({
        method: "POST",
        url: "/api/register",
        headers: { origin: "https://balcao.agencia.digital" },
        payload: { name: "Ana Souza", email: EMAIL, password: PASSWORD, confirmPassword: PASSWORD },
      });
      expect(res.statusCode).toBe(201);
      expect(String(res.headers["set-cookie"])).toMatch(/^__Secure-balcao\.signup_nonce=.*; Secure$/);
    });
  },
);

describeWithApp(
  "sign-up without e-mail confirmation",
  { env: { REQUIRE_EMAIL_VERIFICATION: "false" } },
  (ctx) => {
    it("counts the account as confirmed at once: no pending record, no cookie, and a second sign-up is 409", async () => {
      const res = await signUp(ctx(), "Ana Souza", OWNER_PASSWORD);
      expect(res.statusCode).toBe(201);
      expect(res.headers["set-cookie"]).toBeUndefined();
      expect(await count(ctx(), "pending_sign_ups")).toBe(0);
      expect(await isConfirmed(ctx())).toBe(true);
      expect((await signUp(ctx(), "Intruso", ATTACKER_PASSWORD)).statusCode).toBe(409);
    });
  },
);
