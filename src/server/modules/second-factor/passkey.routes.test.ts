import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { passkeys, sessions } from "../../db/schema";
import { cookieHeader, PASSWORD } from "../../testing/auth-helpers";
import { joinTeam, person } from "../../testing/people";
import { softwareAuthenticator } from "../../testing/software-authenticator";
import { describeWithApp, type TestContext } from "../../testing/test-app";

const env = { REQUIRE_SECOND_FACTOR: "true", PUBLIC_URL: "https://balcao.agencia.digital" };

/** A passkey row as better-auth keeps one (its ceremony is walked in Chromium: e2e/two-factor.spec.ts). */
async function storedPasskey(ctx: TestContext, userId: string, id = `pk-${userId}`) {
  await ctx.database.db.execute(sql`
    insert into passkeys (id, name, public_key, user_id, credential_id, counter, device_type, backed_up)
    values (${id}, 'Notebook', 'pk', ${userId}, ${`cred-${id}`}, 0, 'singleDevice', false)`);
  return id;
}

describeWithApp("passkeys (docs/decisions/056)", { env }, (ctx) => {
  const post = (url: string, cookie: string | undefined, payload: Record<string, unknown> = {}) =>
    ctx().app.inject({ method: "POST", url, payload, ...(cookie ? { headers: { cookie } } : {}) });

  it("gives registration options for PUBLIC_URL's host to the signed-in person only", async () => {
    expect((await post("/api/me/chaves-de-acesso/opcoes", undefined)).statusCode).toBe(401);
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const res = await post("/api/me/chaves-de-acesso/opcoes", ana.cookie);
    expect(res.statusCode).toBe(200);
    const options = res.json();
    expect(options.rp).toEqual({ name: "Balcão", id: "balcao.agencia.digital" });
    expect(options.user.name).toBe("ana@agencia.digital");
    expect(options.authenticatorSelection).toMatchObject({
      residentKey: "required",
      userVerification: "required",
    });
    expect(cookieHeader(res.headers["set-cookie"])).toContain("passkey");
  });

  it("refuses a made-up authenticator answer in Portuguese, never with a 5xx", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const options = await post("/api/me/chaves-de-acesso/opcoes", ana.cookie);
    const cookie = `${ana.cookie}; ${cookieHeader(options.headers["set-cookie"])}`;
    const forged = { id: "abc", rawId: "abc", type: "public-key", response: {}, clientExtensionResults: {} };
    const res = await post("/api/me/chaves-de-acesso", cookie, { response: forged, name: "Falsa" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: "PASSKEY_REFUSED", message: "Chave de acesso não aceita" });
    // Without its challenge: expired.
    expect((await post("/api/me/chaves-de-acesso", ana.cookie, { response: forged })).json().code).toBe(
      "PASSKEY_EXPIRED",
    );
    const signInOptions = await post("/api/login/chave-de-acesso/opcoes", undefined);
    expect(signInOptions.statusCode).toBe(200);
    const signIn = await post(
      "/api/login/chave-de-acesso",
      cookieHeader(signInOptions.headers["set-cookie"]),
      {
        response: forged,
      },
    );
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json().code).toBe("PASSKEY_REFUSED");
  });

  it("refuses at registration a passkey that did not verify the person (no PIN, no biometry): nothing stored, nobody released", async () => {
    await joinTeam(ctx(), "financeiro", "fin@agencia.digital");
    const fin = await person(ctx(), "fin@agencia.digital", "Fernanda Dias");
    const authenticator = softwareAuthenticator("https://balcao.agencia.digital");
    const options = await post("/api/me/chaves-de-acesso/opcoes", fin.cookie);
    expect(options.statusCode).toBe(200);
    const cookie = `${fin.cookie}; ${cookieHeader(options.headers["set-cookie"])}`;
    const response = authenticator.register(options.json(), { userVerified: false });
    const res = await post("/api/me/chaves-de-acesso", cookie, { response, name: "Sem PIN" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "PASSKEY_USER_NOT_VERIFIED",
      message: "Chave de acesso sem verificação",
    });
    const stored = await ctx().database.db.select().from(passkeys).where(eq(passkeys.userId, fin.user.id));
    expect(stored).toEqual([]);
    const caixa = await ctx().app.inject({ url: "/api/caixa", headers: { cookie: fin.cookie } });
    expect(caixa.statusCode).toBe(403);
    expect(caixa.json().code).toBe("SECOND_FACTOR_REQUIRED");
  });

  it("keeps a passkey that verified the person, lets its session in, and signs in with it only when it verifies again", async () => {
    await joinTeam(ctx(), "financeiro", "fin@agencia.digital");
    const fin = await person(ctx(), "fin@agencia.digital", "Fernanda Dias");
    const authenticator = softwareAuthenticator("https://balcao.agencia.digital");
    const options = await post("/api/me/chaves-de-acesso/opcoes", fin.cookie);
    const cookie = `${fin.cookie}; ${cookieHeader(options.headers["set-cookie"])}`;
    const response = authenticator.register(options.json(), { userVerified: true });
    const res = await post("/api/me/chaves-de-acesso", cookie, { response, name: "Notebook" });
    expect(res.statusCode, res.body).toBe(201);
    expect((await ctx().app.inject({ url: "/api/caixa", headers: { cookie: fin.cookie } })).statusCode).toBe(
      200,
    );
    const signIn = async (userVerified: boolean) => {
      const started = await post("/api/login/chave-de-acesso/opcoes", undefined);
      const answer = authenticator.authenticate(started.json(), { userVerified });
      return post("/api/login/chave-de-acesso", cookieHeader(started.headers["set-cookie"]), {
        response: answer,
      });
    };
    const unverified = await signIn(false);
    expect(unverified.statusCode).toBe(401);
    expect(unverified.json().code).toBe("PASSKEY_REFUSED");
    const verified = await signIn(true);
    expect(verified.statusCode, verified.body).toBe(200);
    const session = cookieHeader(verified.headers["set-cookie"]);
    expect((await ctx().app.inject({ url: "/api/caixa", headers: { cookie: session } })).statusCode).toBe(
      200,
    );
  });

  it("counts a passkey as the second factor a team requires, once the session began with it", async () => {
    await joinTeam(ctx(), "financeiro", "fin@agencia.digital");
    const fin = await person(ctx(), "fin@agencia.digital", "Fernanda Dias");
    const get = (url: string) => ctx().app.inject({ url, headers: { cookie: fin.cookie } });
    expect((await get("/api/caixa")).statusCode).toBe(403);
    const id = await storedPasskey(ctx(), fin.user.id);
    ctx().app.sessions.apply({ type: "user", userId: fin.user.id });
    // Her factor is a passkey, and this session began with a password: the password alone is not enough.
    const caixa = await get("/api/caixa");
    expect(caixa.statusCode).toBe(403);
    expect(caixa.json()).toMatchObject({
      code: "PASSKEY_REQUIRED",
      message: "Entre com a sua chave de acesso",
    });
    expect((await get("/api/me")).json().secondFactor).toEqual({
      required: true,
      enrolled: true,
      pending: false,
      passkeyNeeded: true,
      codeNeeded: false,
    });
    // Nor may that session enrol another factor in its place.
    expect((await post("/api/me/segundo-fator/totp", fin.cookie, { password: PASSWORD })).json().code).toBe(
      "PASSKEY_REQUIRED",
    );
    // A session begun with the passkey (what /api/login/chave-de-acesso makes) goes in.
    await ctx()
      .database.db.update(sessions)
      .set({ signInMethod: "passkey" })
      .where(eq(sessions.userId, fin.user.id));
    ctx().app.sessions.apply({ type: "user", userId: fin.user.id });
    expect((await get("/api/caixa")).statusCode).toBe(200);
    const status = await get("/api/me/segundo-fator");
    expect(status.json().passkeys).toEqual([{ id, name: "Notebook", createdAt: expect.any(String) }]);
    const removed = await ctx().app.inject({
      method: "DELETE",
      url: `/api/me/chaves-de-acesso/${id}`,
      headers: { cookie: fin.cookie },
    });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().code).toBe("SECOND_FACTOR_STILL_REQUIRED");
  });

  it("removes one's own passkey only: another person's answers 404", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const bia = await person(ctx(), "bia@agencia.digital", "Bia Lima");
    const anas = await storedPasskey(ctx(), ana.user.id);
    const del = (id: string, cookie: string) =>
      ctx().app.inject({ method: "DELETE", url: `/api/me/chaves-de-acesso/${id}`, headers: { cookie } });
    expect((await del(anas, bia.cookie)).statusCode).toBe(404);
    expect((await del(anas, ana.cookie)).statusCode).toBe(204);
    expect(await ctx().database.db.select().from(passkeys)).toEqual([]);
  });
});
