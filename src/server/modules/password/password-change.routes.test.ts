import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { cookieHeader, PASSWORD, passwordLogin, signedInUser } from "../../testing/auth-helpers";
import { describeWithApp, secondInstance } from "../../testing/test-app";

const ANA = "ana@agencia.digital";
const NEW_PASSWORD = "nova-senha-9";

describeWithApp("password change on 'Minha conta'", {}, (ctx) => {
  const me = (cookie: string) => ctx().app.inject({ url: "/api/me", headers: { cookie } });
  const change = (cookie: string | undefined, payload: Record<string, unknown>) =>
    ctx().app.inject({
      method: "POST",
      url: "/api/me/password",
      payload,
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const valid = (extra: Record<string, unknown> = {}) => ({
    currentPassword: PASSWORD,
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
    ...extra,
  });

  it("answers 401 when signed out", async () => {
    expect((await change(undefined, valid())).statusCode).toBe(401);
    expect((await ctx().app.inject({ url: "/api/me/password" })).statusCode).toBe(401);
  });

  it("says the account has a password", async () => {
    const { cookie } = await signedInUser(ctx(), ANA, "Ana Souza");
    const res = await ctx().app.inject({ url: "/api/me/password", headers: { cookie } });
    expect(res.json()).toEqual({ hasPassword: true });
  });

  it("refuses a wrong current password with a Portuguese message on that field, and changes nothing", async () => {
    const { cookie } = await signedInUser(ctx(), ANA, "Ana Souza");
    const res = await change(cookie, valid({ currentPassword: "errada-123" }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "Senha atual incorreta",
      description: "A senha atual informada não confere. Tente novamente.",
      code: "CURRENT_PASSWORD_INVALID",
      fields: { currentPassword: "A senha atual informada não confere. Tente novamente." },
    });
    expect((await passwordLogin(ctx(), ANA, PASSWORD)).statusCode).toBe(200);
    expect(ctx().mail.mails.filter((m) => /alterada/.test(m.subject))).toHaveLength(0);
  });

  it("applies the sign-up's password rules and messages to the new password", async () => {
    const { cookie } = await signedInUser(ctx(), ANA, "Ana Souza");
    const cases: [Record<string, unknown>, string, Record<string, string>][] = [
      [
        { currentPassword: "", password: "", confirmPassword: "" },
        "Campos obrigatórios",
        {
          currentPassword: "Por favor, preencha todos os campos.",
          password: "Por favor, preencha todos os campos.",
          confirmPassword: "Por favor, preencha todos os campos.",
        },
      ],
      [
        valid({ password: "abc", confirmPassword: "abc" }),
        "Senha muito curta",
        { password: "A senha deve ter pelo menos 6 caracteres." },
      ],
      [
        valid({ confirmPassword: "outra-senha" }),
        "Senhas não conferem",
        { confirmPassword: "As senhas informadas não são iguais." },
      ],
      [
        valid({ password: "a".repeat(129), confirmPassword: "a".repeat(129) }),
        "Senha muito longa",
        { password: "A senha deve ter no máximo 128 caracteres." },
      ],
    ];
    for (const [payload, message, fields] of cases) {
      const res = await change(cookie, payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ message, fields });
    }
    expect((await passwordLogin(ctx(), ANA, PASSWORD)).statusCode).toBe(200);
  });

  it("with 'Sair dos outros dispositivos' ends every other session but not this one, and e-mails the owner", async () => {
    const first = await signedInUser(ctx(), ANA, "Ana Souza");
    const phone = cookieHeader((await passwordLogin(ctx(), ANA)).headers["set-cookie"]);
    const bia = await signedInUser(ctx(), "bia@agencia.digital", "Bia Lima");
    expect((await me(phone)).statusCode).toBe(200);

    const res = await change(first.cookie, valid());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ signedOutOthers: true });
    // This browser keeps going with the session the answer set.
    const renewed = cookieHeader(res.headers["set-cookie"]);
    expect(renewed).toMatch(/balcao\.session_token=/);
    expect((await me(renewed)).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(401);
    // This browser's old cookie too, once the answer is out (it was cached here).
    await expect.poll(async () => (await me(first.cookie)).statusCode).toBe(401);
    expect((await me(bia.cookie)).statusCode).toBe(200);

    expect((await passwordLogin(ctx(), ANA, PASSWORD)).statusCode).toBe(401);
    expect((await passwordLogin(ctx(), ANA, NEW_PASSWORD)).statusCode).toBe(200);

    const mail = await ctx().mail.waitFor(ANA, { subject: /Sua senha foi alterada/ });
    expect(mail.text).toContain("foi alterada em ");
    expect(mail.text).toContain("Minha conta");
    expect(mail.html).toContain("Redefinir senha");
    expect(mail.links[0]).toBe("http://localhost:3000/esqueci-senha");
  });

  it("unchecked, keeps the other sessions", async () => {
    const first = await signedInUser(ctx(), ANA, "Ana Souza");
    const phone = cookieHeader((await passwordLogin(ctx(), ANA)).headers["set-cookie"]);
    const res = await change(first.cookie, valid({ signOutOthers: false }));
    expect(res.json()).toEqual({ signedOutOthers: false });
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect((await me(first.cookie)).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(200);
  });

  it("on PostgreSQL, ends the other sessions on every instance, whatever their cache held", async () => {
    // One PGlite is one instance (its data directory is locked): instances share PostgreSQL only.
    if (ctx().kind !== "postgres") return;
    const second = await secondInstance(ctx());
    try {
      const first = await signedInUser(ctx(), ANA, "Ana Souza");
      const phone = cookieHeader((await passwordLogin(ctx(), ANA)).headers["set-cookie"]);
      // The phone's calls reach the other instance, which now has it cached.
      expect((await second.inject({ url: "/api/me", headers: { cookie: phone } })).statusCode).toBe(200);
      expect((await change(first.cookie, valid())).statusCode).toBe(200);
      await expect
        .poll(async () => (await second.inject({ url: "/api/me", headers: { cookie: phone } })).statusCode)
        .toBe(401);
    } finally {
      await second.close();
    }
  });

  it("refuses an account without a password", async () => {
    const { cookie, user } = await signedInUser(ctx(), ANA, "Ana Souza");
    await ctx().database.db.execute(sql`delete from accounts where user_id = ${user.id}`);
    expect((await ctx().app.inject({ url: "/api/me/password", headers: { cookie } })).json()).toEqual({
      hasPassword: false,
    });
    const res = await change(cookie, valid());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "NO_PASSWORD", message: "Conta sem senha" });
  });

  it("counts wrong current passwords per account: 429 past the limit", async () => {
    const { cookie } = await signedInUser(ctx(), ANA, "Ana Souza");
    for (let i = 0; i < 10; i++) {
      expect((await change(cookie, valid({ currentPassword: `errada-${i}` }))).statusCode).toBe(400);
    }
    const res = await change(cookie, valid({ currentPassword: "errada-x" }));
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe("Muitas tentativas");
  });

  it("past the limit refuses the right current password too, and changes nothing", async () => {
    const { cookie } = await signedInUser(ctx(), ANA, "Ana Souza");
    for (let i = 0; i < 10; i++) {
      expect((await change(cookie, valid({ currentPassword: `errada-${i}` }))).statusCode).toBe(400);
    }
    const res = await change(cookie, valid());
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBeDefined();
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await passwordLogin(ctx(), ANA, PASSWORD)).statusCode).toBe(200);
    expect((await passwordLogin(ctx(), ANA, NEW_PASSWORD)).statusCode).toBe(401);
    expect(ctx().mail.mails.filter((m) => /alterada/.test(m.subject))).toHaveLength(0);
  });

  it("counts attempts per IP, whoever's sessions they come from: 429 past the limit, the right password included", async () => {
    const attacker = { remoteAddress: "203.0.113.9" };
    const cookies: string[] = [];
    for (let i = 0; i < 4; i++) {
      cookies.push((await signedInUser(ctx(), `pessoa${i}@agencia.digital`, `Pessoa ${i}`)).cookie);
    }
    let refused = 0;
    for (let i = 0; i < 40; i++) {
      const res = await ctx().app.inject({
        method: "POST",
        url: "/api/me/password",
        payload: valid({ currentPassword: `errada-${i}` }),
        headers: { cookie: cookies[i % cookies.length] as string },
        ...attacker,
      });
      if (res.statusCode === 429) refused++;
      else expect(res.statusCode).toBe(400);
    }
    expect(refused).toBeGreaterThan(0);
    const right = await ctx().app.inject({
      method: "POST",
      url: "/api/me/password",
      payload: valid(),
      headers: { cookie: cookies[0] as string },
      ...attacker,
    });
    expect(right.statusCode).toBe(429);
    expect((await passwordLogin(ctx(), "pessoa0@agencia.digital", PASSWORD)).statusCode).toBe(200);
    // The same people from another address are not held by it.
    const colleague = (await signedInUser(ctx(), "bruno@agencia.digital", "Bruno Lima")).cookie;
    expect((await change(colleague, valid())).statusCode).toBe(200);
  });
});
