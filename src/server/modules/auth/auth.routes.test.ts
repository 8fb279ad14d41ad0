// @long-file: tens of seconds, so it starts first (build/vitest/long-files-first.ts).
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { authMessages } from "@/domain/messages";
import {
  clickMagicLink,
  confirmEmail,
  cookieHeader,
  PASSWORD,
  passwordLogin,
  register,
  requestMagicLink,
  signedInUser,
} from "../../testing/auth-helpers";
import { describeWithApp } from "../../testing/test-app";

const valid = {
  name: "Ana Souza",
  email: "ana@agencia.digital",
  password: PASSWORD,
  confirmPassword: PASSWORD,
};

describeWithApp("registration", {}, (ctx) => {
  it("applies the spec's rules in order, with its messages", async () => {
    const cases = [
      [{ ...valid, name: "" }, authMessages.requiredFields, "REQUIRED_FIELDS"],
      [
        { ...valid, email: "ana@gmail.com", password: "1" },
        authMessages.domainNotAllowed(["agencia.digital", "agencia.com.br"]),
        "DOMAIN_NOT_ALLOWED",
      ],
      [
        { ...valid, email: "sem-arroba" },
        authMessages.domainNotAllowed(["agencia.digital", "agencia.com.br"]),
        "DOMAIN_NOT_ALLOWED",
      ],
      [
        { ...valid, confirmPassword: "outra", password: "1" },
        authMessages.passwordsDiffer,
        "PASSWORDS_DIFFER",
      ],
      [
        { ...valid, password: "12345", confirmPassword: "12345" },
        authMessages.passwordTooShort,
        "PASSWORD_TOO_SHORT",
      ],
    ] as const;
    for (const [body, notice, code] of cases) {
      const res = await register(ctx(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ message: notice.title, description: notice.description, code });
    }
    const users = await ctx().database.db.execute(sql`select count(*)::int as n from users`);
    expect(users.rows[0]).toEqual({ n: 0 });
  });

  it("refuses a name the request forms would refuse, with the one name rule's messages", async () => {
    for (const [name, message] of [
      ["Jo", "Nome deve ter pelo menos 3 caracteres"],
      ["a".repeat(101), "Nome deve ter no máximo 100 caracteres"],
      ["Ana\u0007Souza", "Nome contém caracteres inválidos"],
    ] as const) {
      const res = await register(ctx(), { ...valid, name });
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({
        message: "Nome inválido",
        description: message,
        code: "NAME_INVALID",
        fields: { name: message },
      });
    }
    const users = await ctx().database.db.execute(sql`select count(*)::int as n from users`);
    expect(users.rows[0]).toEqual({ n: 0 });
  });

  it("shows the domain message naming both configured domains", async () => {
    const res = await register(ctx(), { ...valid, email: "ana@agencia.digital.evil.com" });
    expect(res.json().description).toBe(
      "Apenas emails com domínios @agencia.digital e @agencia.com.br são permitidos.",
    );
  });

  it("answers 400 with field messages when the body has the wrong shape", async () => {
    const res = await register(ctx(), { name: 42, email: ["x"] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: "Dados inválidos", code: "VALIDATION" });
    expect(Object.keys(res.json().fields)).toEqual(expect.arrayContaining(["name", "email"]));
  });

  it("creates the user, keeps the given name and e-mails a confirmation link", async () => {
    const res = await register(ctx(), { ...valid, email: "  Ana@Agencia.com.br " });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      user: { email: "ana@agencia.com.br", name: "Ana Souza" },
      requiresEmailVerification: true,
    });
    const mail = await ctx().mail.waitFor("ana@agencia.com.br");
    expect(mail.subject).toBe("Confirme seu email no Balcão");
    expect(mail.text).toContain("Olá, Ana Souza!");
    expect(mail.links[0]).toMatch(/^http:\/\/localhost:3000\/api\/confirm-email\?token=/);
  });

  it("refuses an e-mail already registered and confirmed, whatever its case", async () => {
    await signedInUser(ctx(), valid.email);
    const again = await register(ctx(), { ...valid, email: "ANA@agencia.digital" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: "Email já cadastrado",
      description: authMessages.emailTaken.description,
    });
  });

  it("keeps one user and one valid link when sign-ups race for the same unconfirmed address", async () => {
    const results = await Promise.all([
      register(ctx(), valid),
      register(ctx(), valid),
      register(ctx(), valid),
    ]);
    // Each replaces the pending sign-up before it (docs/decisions/009-pending-sign-ups.md).
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const users = await ctx().database.db.execute(sql`select count(*)::int as n from users`);
    expect(users.rows[0]).toEqual({ n: 1 });
    const pending = await ctx().database.db.execute(sql`select count(*)::int as n from pending_sign_ups`);
    expect(pending.rows[0]).toEqual({ n: 1 });
  });
});

describeWithApp("sign-in with password", {}, (ctx) => {
  it("refuses an unconfirmed e-mail, then signs in once the link is followed", async () => {
    const registered = await register(ctx(), valid);
    const early = await ctx().app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: valid.email, password: PASSWORD },
    });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({
      message: "Email não confirmado",
      description: authMessages.emailNotConfirmed.description,
    });

    const confirmed = await confirmEmail(ctx(), valid.email, cookieHeader(registered.headers["set-cookie"]));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: "ana@agencia.digital" });

    const login = await ctx().app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: "ANA@agencia.digital", password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const setCookie = String(login.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // http://localhost; Secure comes with an https PUBLIC_URL

    const me = await ctx().app.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie: cookieHeader(login.headers["set-cookie"]) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      user: { id: expect.any(String), email: "ana@agencia.digital", name: "Ana Souza" },
      access: { vagas: false, planejamento: false, caixa: false, admin: false, rh: false },
      secondFactor: {
        required: false,
        enrolled: false,
        pending: false,
        passkeyNeeded: false,
        codeNeeded: false,
      },
    });
  });

  it("answers 'Credenciais inválidas' for a wrong password or an unknown e-mail", async () => {
    await signedInUser(ctx(), valid.email);
    for (const payload of [
      { email: valid.email, password: "errada123" },
      { email: "ninguem@agencia.digital", password: "x" },
    ]) {
      const res = await ctx().app.inject({ method: "POST", url: "/api/login", payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        message: "Credenciais inválidas",
        description: authMessages.invalidCredentials.description,
      });
    }
  });

  it("asks for the e-mail first, then the password", async () => {
    const noEmail = await ctx().app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: " ", password: "" },
    });
    expect(noEmail.json()).toMatchObject({
      message: "Email obrigatório",
      fields: { email: authMessages.emailRequired.description },
    });
    const noPassword = await ctx().app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: valid.email },
    });
    expect(noPassword.json()).toMatchObject({ message: "Senha obrigatória" });
  });

  it("sends a broken confirmation link to the login page with an error", async () => {
    const res = await ctx().app.inject({ method: "GET", url: "/api/confirm-email?token=forjado" });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/login?error=link");
  });

  it("ends the session on the server at logout", async () => {
    const { cookie } = await signedInUser(ctx(), valid.email);
    const out = await ctx().app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(204);
    const sessions = await ctx().database.db.execute(sql`select count(*)::int as n from sessions`);
    expect(sessions.rows[0]).toEqual({ n: 0 });
    const me = await ctx().app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it("keeps the rest of better-auth's endpoints closed", async () => {
    const direct = await ctx().app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      payload: { name: "X", email: "x@gmail.com", password: PASSWORD },
    });
    expect(direct.statusCode).toBe(404);
    expect((await ctx().app.inject({ method: "GET", url: "/api/auth/get-session" })).statusCode).toBe(404);
  });
});

describeWithApp("magic link", {}, (ctx) => {
  it("refuses an unregistered e-mail and never creates a user", async () => {
    const res = await ctx().app.inject({
      method: "POST",
      url: "/api/magic-link",
      payload: { email: "novo@agencia.digital" },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      message: "Usuário não encontrado",
      description: authMessages.userNotFound.description,
    });
    const users = await ctx().database.db.execute(sql`select count(*)::int as n from users`);
    expect(users.rows[0]).toEqual({ n: 0 });
    expect(ctx().mail.mails).toHaveLength(0);
  });

  it("signs a confirmed user in once, and only once", async () => {
    await signedInUser(ctx(), valid.email);
    const res = await ctx().app.inject({
      method: "POST",
      url: "/api/magic-link",
      payload: { email: "Ana@Agencia.Digital" },
    });
    expect(res.statusCode).toBe(200);
    const mail = await ctx().mail.waitFor(valid.email, { subject: /link de acesso/ });
    expect(mail.text).toContain("10 minutos");
    const link = new URL(mail.links[0]!);
    expect(link.pathname).toBe("/link-de-acesso");

    const first = await clickMagicLink(ctx(), link.href);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ to: "/" });
    const me = await ctx().app.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie: cookieHeader(first.headers["set-cookie"]) },
    });
    expect(me.json().user.email).toBe(valid.email);

    const second = await clickMagicLink(ctx(), link.href);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ code: "LINK_INVALID" });
    expect(second.headers["set-cookie"]).toBeUndefined();
  });

  it("lands on the request it was asked from (decision 011), and nowhere but a request's page", async () => {
    await signedInUser(ctx(), valid.email);
    const landing = async (returnTo: string) => {
      ctx().mail.mails.length = 0;
      const sent = await ctx().app.inject({
        method: "POST",
        url: "/api/magic-link",
        payload: { email: valid.email, returnTo },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const mail = await ctx().mail.waitFor(valid.email, { subject: /link de acesso/ });
      const res = await clickMagicLink(ctx(), mail.links[0]!);
      expect(res.statusCode, res.body).toBe(200);
      const to = new URL(res.json().to, "http://localhost:3000");
      return to.origin === "http://localhost:3000" ? to.pathname : to.href;
    };
    const page = "/solicitacoes/reembolso/0b9f5d3e-6a1c-4c55-9a4e-2f1d7c3b8a90";
    expect(await landing(page)).toBe(page);
    expect(await landing("https://evil.example/solicitacoes/reembolso/1")).toBe("/");
    expect(await landing("//evil.example/x")).toBe("/");
    expect(await landing("/admin")).toBe("/");
    // A `next` written into the page's address by someone else is held to the same rule.
    await ctx().app.inject({ method: "POST", url: "/api/magic-link", payload: { email: valid.email } });
    const mail = await ctx().mail.waitFor(valid.email, { subject: /link de acesso/ });
    const forged = new URL(mail.links[0]!);
    forged.searchParams.set("next", "https://evil.example/");
    expect((await clickMagicLink(ctx(), forged.href)).json()).toEqual({ to: "/" });
  });

  it("refuses a link older than 10 minutes", async () => {
    await signedInUser(ctx(), valid.email);
    await ctx().app.inject({ method: "POST", url: "/api/magic-link", payload: { email: valid.email } });
    const mail = await ctx().mail.waitFor(valid.email, { subject: /link de acesso/ });
    const expires = await ctx().database.db.execute(
      sql`select extract(epoch from expires_at - now())::int as seconds from verifications where identifier like 'magic-link:%'`,
    );
    expect(Number(expires.rows[0]!.seconds)).toBeLessThanOrEqual(600);
    await ctx().database.db.execute(sql`update verifications set expires_at = now() - interval '1 second'`);
    const res = await clickMagicLink(ctx(), mail.links[0]!);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "LINK_INVALID", message: "Link inválido ou expirado" });
  });

  it("stores the token hashed, not as sent", async () => {
    await signedInUser(ctx(), valid.email);
    await ctx().app.inject({ method: "POST", url: "/api/magic-link", payload: { email: valid.email } });
    const mail = await ctx().mail.waitFor(valid.email, { subject: /link de acesso/ });
    const token = new URL(mail.links[0]!).searchParams.get("token")!;
    const rows = await ctx().database.db.execute(
      sql`select identifier from verifications where identifier like 'magic-link:%'`,
    );
    expect(rows.rows).toHaveLength(1);
    expect(String(rows.rows[0]!.identifier)).not.toContain(token);
  });

  it("refuses an account whose e-mail is not confirmed yet", async () => {
    await register(ctx(), valid);
    const res = await ctx().app.inject({
      method: "POST",
      url: "/api/magic-link",
      payload: { email: valid.email },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("Email não confirmado");
  });
});

describeWithApp("rate limits", {}, (ctx) => {
  it("limits failed sign-ins per e-mail with a Portuguese 429, kept in the database", async () => {
    const attempt = () =>
      ctx().app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email: "alvo@agencia.digital", password: "chute" },
      });
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ message: "Muitas tentativas", code: "TOO_MANY_REQUESTS" });
    expect(limited.json().description).toMatch(/aguarde 15 minutos/);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(800);
    const rows = await ctx().database.db.execute(
      sql`select count from rate_limits where key = 'login-failures:email:alvo@agencia.digital'`,
    );
    expect(rows.rows[0]).toEqual({ count: 11 });
  });

  it("counts only failed sign-ins per e-mail: the owner's right password still gets in after ten wrong ones", async () => {
    await signedInUser(ctx(), "dona@agencia.digital", "Dona da Conta");
    const attempt = (password: string) =>
      ctx().app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email: "dona@agencia.digital", password },
        remoteAddress: "203.0.113.9",
      });
    // Someone who only knows the address tries to keep its owner out.
    for (let i = 0; i < 10; i++) expect((await attempt("chute")).statusCode).toBe(401);
    expect((await attempt("chute")).statusCode).toBe(429);
    // Successful sign-ins do not count either: the owner signs in again and again.
    for (let i = 0; i < 12; i++)
      expect((await passwordLogin(ctx(), "dona@agencia.digital")).statusCode).toBe(200);
    expect((await attempt(PASSWORD)).statusCode).toBe(200);
    // Once in, the count starts over: ten more guesses are wrong, then limited again.
    for (let i = 0; i < 10; i++) expect((await attempt("chute")).statusCode).toBe(401);
    expect((await attempt("chute")).statusCode).toBe(429);
  });

  it("keeps the per-IP limit on every sign-in, right password or not", async () => {
    await signedInUser(ctx(), "dona@agencia.digital", "Dona da Conta");
    const from = (remoteAddress: string, email: string, password: string) =>
      ctx().app.inject({ method: "POST", url: "/api/login", payload: { email, password }, remoteAddress });
    // Any attempt counts against the address it comes from, even one refused for a missing field.
    for (let i = 0; i < 100; i++) {
      expect((await from("198.51.100.7", `p${i}@agencia.digital`, "")).statusCode).toBe(400);
    }
    expect((await from("198.51.100.7", "dona@agencia.digital", PASSWORD)).statusCode).toBe(429);
    expect((await from("198.51.100.8", "dona@agencia.digital", PASSWORD)).statusCode).toBe(200);
  });

  it("limits magic-link requests per e-mail", async () => {
    const attempt = () =>
      ctx().app.inject({
        method: "POST",
        url: "/api/magic-link",
        payload: { email: "alvo@agencia.digital" },
      });
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(404);
    expect((await attempt()).statusCode).toBe(429);
  });

  it("limits sign-ups per IP", async () => {
    for (let i = 0; i < 30; i++) {
      const res = await register(ctx(), { ...valid, email: `p${i}@gmail.com` });
      expect(res.statusCode).toBe(400);
    }
    expect((await register(ctx(), valid)).statusCode).toBe(429);
  });
});

describeWithApp("without e-mail confirmation", { env: { REQUIRE_EMAIL_VERIFICATION: "false" } }, (ctx) => {
  it("lets a new user sign in straight away and sends no e-mail", async () => {
    const res = await register(ctx(), valid);
    expect(res.json().requiresEmailVerification).toBe(false);
    const login = await ctx().app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: valid.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(ctx().mail.mails).toHaveLength(0);
  });
});

describeWithApp("when the SMTP server is down", { env: { SMTP_URL: "smtp://127.0.0.1:9" } }, (ctx) => {
  it("undoes the sign-up so the person can try again, and says why", async () => {
    const res = await register(ctx(), valid);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      message: "Erro ao cadastrar",
      description: authMessages.confirmationNotSent.description,
    });
    const users = await ctx().database.db.execute(sql`select count(*)::int as n from users`);
    expect(users.rows[0]).toEqual({ n: 0 });
  });
});

describeWithApp("magic link and password together", {}, (ctx) => {
  it("keeps the password working after a magic-link sign-in", async () => {
    await signedInUser(ctx(), valid.email);
    const link = await requestMagicLink(ctx(), valid.email);
    expect((await clickMagicLink(ctx(), link)).statusCode).toBe(200);
    expect((await passwordLogin(ctx(), valid.email)).statusCode).toBe(200);
  });
});

describeWithApp(
  "magic link without e-mail confirmation",
  { env: { REQUIRE_EMAIL_VERIFICATION: "false" } },
  (ctx) => {
    it("signs in by link and keeps the password working", async () => {
      await register(ctx(), valid);
      const link = await requestMagicLink(ctx(), valid.email);
      expect((await clickMagicLink(ctx(), link)).statusCode).toBe(200);
      expect((await passwordLogin(ctx(), valid.email)).statusCode).toBe(200);
    });
  },
);
