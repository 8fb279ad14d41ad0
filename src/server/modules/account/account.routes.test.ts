import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { cookieHeader, PASSWORD, passwordLogin, signedInUser } from "../../testing/auth-helpers";
import { describeWithApp } from "../../testing/test-app";

const ANA = "ana@agencia.digital";

describeWithApp("Minha conta", {}, (ctx) => {
  const me = (cookie: string) => ctx().app.inject({ url: "/api/me", headers: { cookie } });
  const rename = (cookie: string | undefined, payload: Record<string, unknown>) =>
    ctx().app.inject({
      method: "PATCH",
      url: "/api/me",
      payload,
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const signOutEverywhere = (cookie?: string) =>
    ctx().app.inject({
      method: "DELETE",
      url: "/api/me/sessions",
      ...(cookie ? { headers: { cookie } } : {}),
    });

  it("answers 401 when signed out", async () => {
    expect((await rename(undefined, { name: "Ana Lima" })).statusCode).toBe(401);
    expect((await signOutEverywhere()).statusCode).toBe(401);
  });

  it("changes the user's own name, trimmed, and /api/me shows it", async () => {
    const { cookie, user } = await signedInUser(ctx(), ANA, "Ana Souza");
    const res = await rename(cookie, { name: "  Ana Lima  " });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: user.id, email: ANA, name: "Ana Lima" });
    expect((await me(cookie)).json().user.name).toBe("Ana Lima");
  });

  it("applies the one name rule, with the sign-up's messages", async () => {
    const { cookie } = await signedInUser(ctx(), ANA, "Ana Souza");
    for (const [name, message] of [
      ["Jo", "Nome deve ter pelo menos 3 caracteres"],
      ["   ", "Nome deve ter pelo menos 3 caracteres"],
      ["a".repeat(101), "Nome deve ter no máximo 100 caracteres"],
      ["Ana\nSouza", "Nome contém caracteres inválidos"],
    ]) {
      const res = await rename(cookie, { name });
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toEqual({
        message: "Nome inválido",
        description: message,
        code: "NAME_INVALID",
        fields: { name: message },
      });
    }
    expect((await me(cookie)).json().user.name).toBe("Ana Souza");
  });

  it("can only ever change the signed-in user's own name", async () => {
    const ana = await signedInUser(ctx(), ANA, "Ana Souza");
    const bia = await signedInUser(ctx(), "bia@agencia.digital", "Bia Lima");
    const res = await rename(ana.cookie, {
      name: "Nome Trocado",
      id: bia.user.id,
      email: "bia@agencia.digital",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(ANA);
    expect((await me(bia.cookie)).json().user).toMatchObject({ id: bia.user.id, name: "Bia Lima" });
  });

  it("'Sair de todas as sessões' ends every session of the user on the server, and only theirs", async () => {
    const first = await signedInUser(ctx(), ANA, "Ana Souza");
    // A second device of the same person, and another person.
    const second = cookieHeader((await passwordLogin(ctx(), ANA, PASSWORD)).headers["set-cookie"]);
    const bia = await signedInUser(ctx(), "bia@agencia.digital", "Bia Lima");
    expect((await me(second)).statusCode).toBe(200);

    const res = await signOutEverywhere(first.cookie);
    expect(res.statusCode).toBe(204);
    expect(String(res.headers["set-cookie"])).toMatch(/balcao\.session_token=;.*Max-Age=0/);

    expect((await me(first.cookie)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    expect((await me(bia.cookie)).statusCode).toBe(200);
    const left = await ctx().database.db.execute(
      sql`select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email = ${ANA}`,
    );
    expect(left.rows[0]).toEqual({ n: 0 });
    // Signing in again works as before.
    expect((await passwordLogin(ctx(), ANA, PASSWORD)).statusCode).toBe(200);
  });
});
