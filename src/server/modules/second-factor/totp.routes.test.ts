import { expect, it } from "vitest";
import {
  clickMagicLink,
  cookieHeader,
  PASSWORD,
  passwordLogin,
  requestMagicLink,
} from "../../testing/auth-helpers";
import { person } from "../../testing/people";
import { enrolTotp, totpCode, withSetCookies, wrongCode } from "../../testing/second-factor";
import { describeWithApp } from "../../testing/test-app";

const ANA = "ana@agencia.digital";
const BIA = "bia@agencia.digital";

describeWithApp("the authenticator app and its recovery codes", {}, (ctx) => {
  const post = (url: string, cookie: string | undefined, payload: Record<string, unknown> = {}) =>
    ctx().app.inject({ method: "POST", url, payload, ...(cookie ? { headers: { cookie } } : {}) });
  const me = (cookie: string) => ctx().app.inject({ url: "/api/me", headers: { cookie } });
  const status = (cookie: string) => ctx().app.inject({ url: "/api/me/segundo-fator", headers: { cookie } });
  const secondStep = (cookie: string, code: string, method = "totp") =>
    post("/api/login/segundo-fator", cookie, { code, method });
  /** A password sign-in that stops at the second step: the cookie that holds the step. */
  const firstStep = async (email = ANA) => {
    const res = await passwordLogin(ctx(), email);
    expect(res.json()).toEqual({ secondStep: true });
    return cookieHeader(res.headers["set-cookie"]);
  };

  it("answers 401 when signed out", async () => {
    expect((await status("")).statusCode).toBe(401);
    expect((await post("/api/me/segundo-fator/totp", undefined, { password: PASSWORD })).statusCode).toBe(
      401,
    );
    expect(
      (await post("/api/me/segundo-fator/totp/confirmar", undefined, { code: "123456" })).statusCode,
    ).toBe(401);
  });

  it("enrols: the password first, a wrong code refused, the right one switches it on and answers ten codes once", async () => {
    const ana = await person(ctx(), ANA, "Ana Souza");
    const wrongPassword = await post("/api/me/segundo-fator/totp", ana.cookie, { password: "errada-123" });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().fields).toEqual({
      password: "A senha informada não confere. Tente novamente.",
    });

    const started = await post("/api/me/segundo-fator/totp", ana.cookie, { password: PASSWORD });
    expect(started.statusCode).toBe(200);
    const { secret, totpUri } = started.json();
    expect(totpUri).toMatch(/^otpauth:\/\/totp\/Balc%C3%A3o:ana%40agencia\.digital\?/);
    expect(new URL(totpUri).searchParams.get("digits")).toBe("6");
    expect(new URL(totpUri).searchParams.get("period")).toBe("30");
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    // Not in force until confirmed: the password alone still signs in.
    expect((await passwordLogin(ctx(), ANA)).json().user.email).toBe(ANA);

    const wrong = await post("/api/me/segundo-fator/totp/confirmar", ana.cookie, {
      code: await wrongCode(secret),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "INVALID_CODE", message: "Código incorreto" });
    const malformed = await post("/api/me/segundo-fator/totp/confirmar", ana.cookie, { code: "12ab" });
    expect(malformed.json().fields).toEqual({ code: "O código tem 6 dígitos" });
    // No code at all is an empty one, with the form's message (TotpCodeInputSchema on both sides).
    const missing = await post("/api/me/segundo-fator/totp/confirmar", ana.cookie, {});
    expect(missing.json().fields).toEqual({ code: "Informe o código de 6 dígitos do aplicativo" });

    const confirmed = await post("/api/me/segundo-fator/totp/confirmar", ana.cookie, {
      code: await totpCode(secret),
    });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json();
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    // The session is replaced by one that counts as signed in with the second factor.
    const cookie = withSetCookies(ana.cookie, confirmed.headers["set-cookie"]);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await status(cookie)).json()).toMatchObject({
      totp: true,
      recoveryCodesLeft: 10,
      hasPassword: true,
    });
    // Shown once: confirming again is refused and says nothing of the codes.
    const again = await post("/api/me/segundo-fator/totp/confirmar", cookie, {
      code: await totpCode(secret),
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain(recoveryCodes[0]);

    const mail = await ctx().mail.waitFor(ANA, { subject: /Verificação em duas etapas ativada/ });
    expect(mail.text).toContain("aplicativo autenticador foi ativada");
    expect(mail.html).toContain("Abrir Minha conta");
  });

  it("asks for the code after the password; the app's code signs in", async () => {
    const ana = await person(ctx(), ANA, "Ana Souza");
    const { secret } = await enrolTotp(ctx(), ana.cookie);
    const step = await firstStep();
    // No session yet: the step's cookie opens nothing.
    expect((await me(step)).statusCode).toBe(401);
    const wrong = await secondStep(step, await wrongCode(secret));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: "INVALID_CODE", message: "Código incorreto" });
    const code = await totpCode(secret);
    const res = await secondStep(step, code);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(ANA);
    const cookie = withSetCookies(step, res.headers["set-cookie"]);
    expect((await me(cookie)).json().user.email).toBe(ANA);
    // The step is spent with the session it gave.
    expect((await secondStep(step, code)).statusCode).toBe(401);
    // And the code with it: seen over a shoulder, it opens no other sign-in.
    const replay = await secondStep(await firstStep(), code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: "CODE_ALREADY_USED", message: "Código já usado" });
    expect(replay.headers["set-cookie"] ?? "").not.toContain("session_token=");
  });

  it("takes each recovery code once", async () => {
    const ana = await person(ctx(), ANA, "Ana Souza");
    const { recoveryCodes } = await enrolTotp(ctx(), ana.cookie);
    const first = await secondStep(await firstStep(), recoveryCodes[3]!, "recuperacao");
    expect(first.statusCode).toBe(200);
    const signedIn = withSetCookies("", first.headers["set-cookie"]);
    expect((await status(signedIn)).json().recoveryCodesLeft).toBe(9);
    const reused = await secondStep(await firstStep(), recoveryCodes[3]!, "recuperacao");
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({
      code: "INVALID_RECOVERY_CODE",
      message: "Código de recuperação inválido",
    });
    expect((await secondStep(await firstStep(), recoveryCodes[4]!, "recuperacao")).statusCode).toBe(200);
  });

  it("refuses wrong codes with 429 in Portuguese once they pile up, the right one included", async () => {
    const ana = await person(ctx(), ANA, "Ana Souza");
    const { secret } = await enrolTotp(ctx(), ana.cookie);
    const bad = await wrongCode(secret);
    let step = await firstStep();
    for (let i = 0; i < 5; i++) expect((await secondStep(step, bad)).statusCode).toBe(401);
    // The step's five tries are spent: even the right code needs the password again.
    const spent = await secondStep(step, await totpCode(secret));
    expect(spent.statusCode).toBe(429);
    expect(spent.json()).toMatchObject({ code: "TOO_MANY_ATTEMPTS", message: "Muitas tentativas" });
    step = await firstStep();
    for (let i = 0; i < 5; i++) await secondStep(step, bad);
    // Ten wrong in a row lock the account's second step for 15 minutes.
    const locked = await secondStep(await firstStep(), await totpCode(secret));
    expect(locked.statusCode).toBe(429);
    expect(locked.json().description).toContain("15 minutos");
  });

  it("asks for the code after a magic link too: the link alone signs nobody in", async () => {
    const ana = await person(ctx(), ANA, "Ana Souza");
    const { secret } = await enrolTotp(ctx(), ana.cookie);
    const link = await clickMagicLink(ctx(), await requestMagicLink(ctx(), ANA));
    expect(link.statusCode).toBe(200);
    expect(link.json()).toEqual({ to: "/login?etapa=codigo" });
    const step = withSetCookies("", link.headers["set-cookie"]);
    expect(step).not.toContain("session_token");
    expect((await me(step)).statusCode).toBe(401);
    const res = await secondStep(step, await totpCode(secret));
    expect(res.statusCode).toBe(200);
    expect((await me(withSetCookies(step, res.headers["set-cookie"]))).json().user.email).toBe(ANA);
  });

  it("keeps an e-mailed request's page through the second step", async () => {
    const ana = await person(ctx(), ANA, "Ana Souza");
    await enrolTotp(ctx(), ana.cookie);
    const page = "/solicitacoes/reembolso/0b7e6a1c-1111-4222-8333-444455556666";
    const sent = await post("/api/magic-link", undefined, { email: ANA, returnTo: page });
    expect(sent.statusCode).toBe(200);
    const mail = await ctx().mail.waitFor(ANA, { subject: /link de acesso/ });
    const link = await clickMagicLink(ctx(), mail.links[0]!);
    expect(link.json()).toEqual({ to: `/login?etapa=codigo&next=${encodeURIComponent(page)}` });
  });

  it("switches off only with the password; then the password alone signs in again", async () => {
    const ana = await person(ctx(), ANA, "Ana Souza");
    const { cookie } = await enrolTotp(ctx(), ana.cookie);
    const missing = await post("/api/me/segundo-fator/totp/desativar", cookie, {});
    expect(missing.json().fields).toEqual({ password: "Informe sua senha" });
    const wrong = await post("/api/me/segundo-fator/totp/desativar", cookie, { password: "errada-123" });
    expect(wrong.statusCode).toBe(400);
    expect((await status(cookie)).json().totp).toBe(true);
    const off = await post("/api/me/segundo-fator/totp/desativar", cookie, { password: PASSWORD });
    expect(off.statusCode).toBe(200);
    const after = withSetCookies(cookie, off.headers["set-cookie"]);
    expect((await status(after)).json()).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
    expect((await passwordLogin(ctx(), ANA)).json().user.email).toBe(ANA);
    await ctx().mail.waitFor(ANA, { subject: /Verificação em duas etapas desativada/ });
  });

  it("renews the recovery codes with the password; the old ones stop working", async () => {
    const ana = await person(ctx(), ANA, "Ana Souza");
    const { cookie, recoveryCodes } = await enrolTotp(ctx(), ana.cookie);
    const renewed = await post("/api/me/segundo-fator/codigos", cookie, { password: PASSWORD });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    expect((await secondStep(await firstStep(), recoveryCodes[0]!, "recuperacao")).statusCode).toBe(401);
    expect((await secondStep(await firstStep(), fresh[0]!, "recuperacao")).statusCode).toBe(200);
  });

  it("lets nobody touch another person's factor", async () => {
    const ana = await person(ctx(), ANA, "Ana Souza");
    const bia = await person(ctx(), BIA, "Bia Lima");
    const { secret } = await enrolTotp(ctx(), ana.cookie);
    // Bia's calls act on Bia's account only.
    expect((await status(bia.cookie)).json()).toMatchObject({ totp: false });
    const off = await post("/api/me/segundo-fator/totp/desativar", bia.cookie, { password: PASSWORD });
    expect(off.statusCode).toBe(409);
    expect((await post("/api/me/segundo-fator/codigos", bia.cookie, { password: PASSWORD })).statusCode).toBe(
      409,
    );
    // Bia's own step cannot spend Ana's code into a session for Ana.
    const biaStep = cookieHeader((await passwordLogin(ctx(), BIA)).headers["set-cookie"]);
    expect((await secondStep(biaStep, await totpCode(secret))).statusCode).toBe(401);
    expect((await passwordLogin(ctx(), ANA)).json()).toEqual({ secondStep: true });
  });
});
