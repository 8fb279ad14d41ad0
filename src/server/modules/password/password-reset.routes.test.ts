import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { loggerOptions } from "../../app";
import { cookieHeader, PASSWORD, passwordLogin, signedInUser } from "../../testing/auth-helpers";
import { describeWithApp, secondInstance, type TestContext } from "../../testing/test-app";

const ANA = "ana@agencia.digital";
const NEW_PASSWORD = "nova-senha-9";

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logLines.push(String(chunk));
    done();
  },
});

const ask = (ctx: TestContext, email: string, remoteAddress = "127.0.0.1") =>
  ctx.app.inject({ method: "POST", url: "/api/password-reset/request", payload: { email }, remoteAddress });

/** Asks for a link and returns its token, read from the e-mail's link to the reset page. */
async function resetToken(ctx: TestContext, email: string) {
  const before = ctx.mail.mails.length;
  expect((await ask(ctx, email)).statusCode).toBe(200);
  await expect.poll(() => ctx.mail.mails.length).toBeGreaterThan(before);
  const mail = await ctx.mail.waitFor(email, { subject: /Redefina sua senha/ });
  const link = new URL(mail.links[0]!);
  expect(link.pathname).toBe("/redefinir-senha");
  return link.searchParams.get("token")!;
}

const reset = (ctx: TestContext, token: string, password = NEW_PASSWORD, confirmPassword = password) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/password-reset",
    payload: { token, password, confirmPassword },
  });

const LINK_INVALID = {
  message: "Link inválido ou expirado",
  description:
    "Este link de redefinição já foi usado, expirou ou foi substituído por um mais novo. Peça um novo link.",
  code: "LINK_INVALID",
};

describeWithApp(
  "'Esqueci minha senha'",
  { logger: { ...(loggerOptions("info") as object), stream: logStream } },
  (ctx) => {
    it("answers the same whether or not the address has an account, and mails only an account", async () => {
      await signedInUser(ctx(), ANA, "Ana Souza");
      ctx().mail.clear();
      const known = await ask(ctx(), ANA);
      const unknown = await ask(ctx(), "ninguem@agencia.digital");
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body).toBe(known.body);
      expect(known.json()).toEqual({ ok: true });
      const mail = await ctx().mail.waitFor(ANA, { subject: /Redefina sua senha/ });
      expect(mail.text).toContain("30 minutos");
      expect(mail.html).toContain("Redefinir senha");
      expect(ctx().mail.mails.filter((m) => m.to.includes("ninguem"))).toHaveLength(0);
    });

    it("keeps the token hashed, valid 30 minutes", async () => {
      await signedInUser(ctx(), ANA, "Ana Souza");
      const token = await resetToken(ctx(), ANA);
      const rows = await ctx().database.db.execute(
        sql`select identifier, extract(epoch from expires_at - now())::int as seconds from verifications where identifier like 'reset-password:%'`,
      );
      expect(rows.rows).toHaveLength(1);
      expect(JSON.stringify(rows.rows)).not.toContain(token);
      expect(Number(rows.rows[0]!.seconds)).toBeGreaterThan(29 * 60);
      expect(Number(rows.rows[0]!.seconds)).toBeLessThanOrEqual(30 * 60);
    });

    it("sets the new password once, ends every session on every instance, and tells the owner", async () => {
      const second = ctx().kind === "postgres" ? await secondInstance(ctx()) : null;
      try {
        const ana = await signedInUser(ctx(), ANA, "Ana Souza");
        const phone = cookieHeader((await passwordLogin(ctx(), ANA)).headers["set-cookie"]);
        if (second)
          expect((await second.inject({ url: "/api/me", headers: { cookie: phone } })).statusCode).toBe(200);
        const token = await resetToken(ctx(), ANA);

        const page = await ctx().app.inject({ url: `/api/password-reset?token=${token}` });
        expect(page.json()).toEqual({ email: ANA });

        const res = await reset(ctx(), token);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ email: ANA });
        for (const cookie of [ana.cookie, phone]) {
          expect((await ctx().app.inject({ url: "/api/me", headers: { cookie } })).statusCode).toBe(401);
        }
        if (second) {
          await expect
            .poll(
              async () => (await second.inject({ url: "/api/me", headers: { cookie: phone } })).statusCode,
            )
            .toBe(401);
        }
        const left = await ctx().database.db.execute(
          sql`select count(*)::int as n from sessions where user_id = ${ana.user.id}`,
        );
        expect(left.rows[0]).toEqual({ n: 0 });
        expect((await passwordLogin(ctx(), ANA, PASSWORD)).statusCode).toBe(401);
        expect((await passwordLogin(ctx(), ANA, NEW_PASSWORD)).statusCode).toBe(200);
        const told = await ctx().mail.waitFor(ANA, { subject: /Sua senha foi alterada/ });
        expect(told.text).toContain("foi redefinida em ");

        // Single use.
        const again = await reset(ctx(), token, "terceira-senha");
        expect(again.statusCode).toBe(400);
        expect(again.json()).toEqual(LINK_INVALID);
        expect((await ctx().app.inject({ url: `/api/password-reset?token=${token}` })).statusCode).toBe(404);
        expect((await passwordLogin(ctx(), ANA, NEW_PASSWORD)).statusCode).toBe(200);
      } finally {
        await second?.close();
      }
    });

    it("only the newest link works", async () => {
      await signedInUser(ctx(), ANA, "Ana Souza");
      const older = await resetToken(ctx(), ANA);
      const newer = await resetToken(ctx(), ANA);
      expect(newer).not.toBe(older);
      expect((await reset(ctx(), older)).json()).toEqual(LINK_INVALID);
      expect((await reset(ctx(), newer)).statusCode).toBe(200);
    });

    it("refuses an expired link with the same message", async () => {
      await signedInUser(ctx(), ANA, "Ana Souza");
      const token = await resetToken(ctx(), ANA);
      await ctx().database.db.execute(
        sql`update verifications set expires_at = now() - interval '1 second' where identifier like 'reset-password:%'`,
      );
      const page = await ctx().app.inject({ url: `/api/password-reset?token=${token}` });
      expect(page.statusCode).toBe(404);
      expect(page.json()).toEqual(LINK_INVALID);
      const res = await reset(ctx(), token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(LINK_INVALID);
      expect((await passwordLogin(ctx(), ANA, PASSWORD)).statusCode).toBe(200);
    });

    it("applies the sign-up's password rules, and a refused password spends nothing", async () => {
      await signedInUser(ctx(), ANA, "Ana Souza");
      const token = await resetToken(ctx(), ANA);
      const short = await reset(ctx(), token, "abc");
      expect(short.statusCode).toBe(400);
      expect(short.json()).toMatchObject({
        message: "Senha muito curta",
        fields: { password: "A senha deve ter pelo menos 6 caracteres." },
      });
      const differ = await reset(ctx(), token, NEW_PASSWORD, "outra-senha");
      expect(differ.json()).toMatchObject({ message: "Senhas não conferem" });
      expect((await reset(ctx(), token)).statusCode).toBe(200);
    });

    it("limits requests per address and per IP with 429", async () => {
      for (let i = 0; i < 5; i++)
        expect((await ask(ctx(), "alvo@agencia.digital", `10.1.0.${i}`)).statusCode).toBe(200);
      const perAddress = await ask(ctx(), "alvo@agencia.digital", "10.1.0.99");
      expect(perAddress.statusCode).toBe(429);
      expect(perAddress.json().message).toBe("Muitas tentativas");
      expect(perAddress.headers["retry-after"]).toBeDefined();

      for (let i = 0; i < 30; i++) {
        expect((await ask(ctx(), `pessoa${i}@agencia.digital`, "10.2.0.1")).statusCode).toBe(200);
      }
      expect((await ask(ctx(), "mais.uma@agencia.digital", "10.2.0.1")).statusCode).toBe(429);
      // Another address from another IP is not held back by either.
      expect((await ask(ctx(), "outra@agencia.digital", "10.3.0.1")).statusCode).toBe(200);
    });

    it("keeps the token out of the log", async () => {
      await signedInUser(ctx(), ANA, "Ana Souza");
      logLines.length = 0;
      const token = await resetToken(ctx(), ANA);
      // The page's own address (the SPA) and its API calls carry it in the query or the body.
      await ctx().app.inject({ url: `/redefinir-senha?token=${token}` });
      await ctx().app.inject({ url: `/api/password-reset?token=${token}` });
      await reset(ctx(), token, "abc");
      await reset(ctx(), token);
      await reset(ctx(), token);
      // better-auth's own link, which nobody is sent, is unreachable and redacted too.
      expect(
        (await ctx().app.inject({ url: `/api/auth/reset-password/${token}?callbackURL=/` })).statusCode,
      ).toBe(404);
      const log = logLines.join("\n");
      expect(log).toContain("/api/password-reset?token=[redacted]");
      expect(log).toContain("/api/auth/reset-password/[redacted]");
      expect(log).not.toContain(token);
      expect(log).not.toContain(NEW_PASSWORD);
    });

    it("sends a deactivated account nothing, with the same answer, and refuses its older link (decision 048)", async () => {
      await signedInUser(ctx(), ANA, "Ana Souza");
      const token = await resetToken(ctx(), ANA);
      await ctx().database.db.execute(sql`update users set deactivated_at = now() where email = ${ANA}`);
      ctx().mail.clear();
      const asked = await ask(ctx(), ANA);
      expect(asked.statusCode).toBe(200);
      expect(asked.json()).toEqual({ ok: true });
      const res = await reset(ctx(), token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: "ACCOUNT_DEACTIVATED",
        message: "Conta desativada. Fale com o administrador.",
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(ctx().mail.mails).toHaveLength(0);
    });

    it("refuses an address that is not one mailbox, and sends an unconfirmed sign-up nothing", async () => {
      const bad = await ask(ctx(), "a@agencia.digital,b@agencia.digital");
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe("Email inválido");
      await ctx().app.inject({
        method: "POST",
        url: "/api/register",
        payload: {
          name: "Pendente Silva",
          email: "pendente@agencia.digital",
          password: PASSWORD,
          confirmPassword: PASSWORD,
        },
      });
      ctx().mail.clear();
      expect((await ask(ctx(), "pendente@agencia.digital")).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 200));
      expect(ctx().mail.mails).toHaveLength(0);
    });
  },
);
