import { request as httpRequest } from "node:http";
import { expect, it } from "vitest";
import type { App } from "../../app";
import { PASSWORD, passwordLogin } from "../../testing/auth-helpers";
import { joinTeam, type Person, person, setFinanceiro } from "../../testing/people";
import { enrolTotp, totpCode, withSetCookies } from "../../testing/second-factor";
import { describeWithApp, type TestContext, within } from "../../testing/test-app";

const env = { REQUIRE_SECOND_FACTOR: "true", ADMIN_EMAILS: "admin@agencia.digital" };
const REFUSED = {
  message: "Verificação em duas etapas obrigatória",
  description:
    "A verificação em duas etapas é obrigatória para a sua função ou equipe. Ative um aplicativo autenticador ou uma chave de acesso para continuar.",
  code: "SECOND_FACTOR_REQUIRED",
};
/** What a person who must enrol may still call (docs/decisions/055), as `METHOD path`. */
const OPEN_BEFORE_ENROLMENT = new Set([
  "GET /api/me",
  "GET /api/me/segundo-fator",
  "POST /api/me/segundo-fator/totp",
  "POST /api/me/segundo-fator/totp/confirmar",
  "POST /api/me/chaves-de-acesso/opcoes",
  "POST /api/me/chaves-de-acesso",
]);

/** A Financeiro member without a factor: the person the gate is for. */
async function financeMember(ctx: TestContext, email = "fin@agencia.digital"): Promise<Person> {
  await joinTeam(ctx, "financeiro", email);
  return person(ctx, email, "Fernanda Dias");
}

/** The status of `GET /api/eventos` as `cookie`, and whether it ended by the time `until` holds. */
async function openStream(app: App, cookie: string) {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as { port: number };
  return new Promise<{ status: number; ended: () => boolean; close: () => void }>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: "/api/eventos", headers: { cookie } }, (res) => {
      let ended = false;
      const stream = { status: res.statusCode ?? 0, ended: () => ended, close: () => req.destroy() };
      res.on("data", () => resolve(stream));
      for (const event of ["end", "close", "error"]) {
        res.on(event, () => {
          ended = true;
          resolve(stream);
        });
      }
    });
    req.on("error", reject);
    req.end();
  });
}

describeWithApp("a second factor required by team (docs/decisions/055)", { env }, (ctx) => {
  const get = (url: string, cookie: string) => ctx().app.inject({ url, headers: { cookie } });

  it("refuses a Financeiro member without a factor the Caixa, a POST and the live stream, with 403 in Portuguese", async () => {
    const fin = await financeMember(ctx());
    const caixa = await get("/api/caixa", fin.cookie);
    expect(caixa.statusCode).toBe(403);
    expect(caixa.json()).toEqual(REFUSED);
    const post = await ctx().app.inject({
      method: "POST",
      url: "/api/solicitacoes/suporte",
      headers: { cookie: fin.cookie },
      payload: { departamento: "TI", assunto: "Acesso", descricao: "Preciso de acesso.", prioridade: "alta" },
    });
    expect(post.statusCode).toBe(403);
    expect(post.json().code).toBe("SECOND_FACTOR_REQUIRED");
    const stream = await openStream(ctx().app, fin.cookie);
    expect(stream.status).toBe(403);
    // What the SPA reads to send them to enrol, and signing out, still answer.
    const me = await get("/api/me", fin.cookie);
    expect(me.json().secondFactor).toEqual({
      required: true,
      enrolled: false,
      pending: true,
      passkeyNeeded: false,
      codeNeeded: false,
    });
    expect((await get("/api/me/segundo-fator", fin.cookie)).json()).toMatchObject({
      required: true,
      totp: false,
    });
    const home = await get("/", fin.cookie);
    expect(home.body).not.toContain("Fernanda");
    const out = await ctx().app.inject({
      method: "POST",
      url: "/api/logout",
      headers: { cookie: fin.cookie },
    });
    expect(out.statusCode).toBe(204);
  });

  it("answers 403 on every signed-in API route but enrolling, /api/me and signing out", async () => {
    const admin = await person(ctx(), "admin@agencia.digital", "Admin Geral");
    expect((await get("/api/me", admin.cookie)).json().secondFactor.pending).toBe(true);
    const spec = (await ctx().app.inject({ url: "/api/docs/json" })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    let guarded = 0;
    for (const [template, methods] of Object.entries(spec.paths)) {
      const url = template.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000");
      for (const method of Object.keys(methods).map((m) => m.toUpperCase())) {
        if (!["GET", "POST", "PUT", "PATCH", "DELETE"].includes(method)) continue;
        const route = `${method} ${template}`;
        const call = (cookie?: string) =>
          ctx().app.inject({
            method: method as "GET",
            url,
            headers: { ...(cookie ? { cookie } : {}), "content-type": "application/json" },
            ...(method === "GET" || method === "DELETE" ? {} : { payload: "{}" }),
          });
        // A route open to everyone (sign-in, public plans) or to a token of its own has nothing to refuse.
        const anonymous = await call();
        if (anonymous.statusCode !== 401 || anonymous.json().code !== "UNAUTHORIZED") continue;
        guarded++;
        const res = await call(admin.cookie);
        if (OPEN_BEFORE_ENROLMENT.has(route)) expect(res.statusCode, route).not.toBe(403);
        else expect([res.statusCode, res.json().code], route).toEqual([403, "SECOND_FACTOR_REQUIRED"]);
      }
    }
    expect(guarded).toBeGreaterThan(40);
  });

  it("lets the enrolling session through, and holds a password session opened before it until it signs in with the code", async () => {
    const fin = await financeMember(ctx());
    // Browser A: a password (perhaps phished) and nothing else; browser B is the owner's.
    const other = withSetCookies("", (await passwordLogin(ctx(), fin.email)).headers["set-cookie"]);
    expect((await get("/api/caixa", other)).statusCode).toBe(403);
    const { cookie, secret } = await enrolTotp(ctx(), fin.cookie);
    expect((await get("/api/caixa", cookie)).statusCode).toBe(200);
    expect((await get("/api/me", cookie)).json().secondFactor).toEqual({
      required: true,
      enrolled: true,
      pending: false,
      passkeyNeeded: false,
      codeNeeded: false,
    });
    // A's session never gave a code: the owner's enrolment does not release it, on any route.
    await new Promise((r) => setTimeout(r, 50));
    for (const url of ["/api/caixa", "/api/solicitacoes", "/api/me/segundo-fator", "/api/me/sessions"]) {
      const res = await get(url, other);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe("SECOND_FACTOR_SIGN_IN_REQUIRED");
    }
    expect((await get("/api/me", other)).json().secondFactor).toMatchObject({
      codeNeeded: true,
      pending: false,
    });
    const enrolAgain = await ctx().app.inject({
      method: "POST",
      url: "/api/me/segundo-fator/totp",
      headers: { cookie: other },
      payload: { password: PASSWORD },
    });
    expect(enrolAgain.statusCode).toBe(403);
    // Signing in again with the password and then the code is the way back in.
    const step = withSetCookies("", (await passwordLogin(ctx(), fin.email)).headers["set-cookie"]);
    const second = await ctx().app.inject({
      method: "POST",
      url: "/api/login/segundo-fator",
      headers: { cookie: step },
      payload: { code: await totpCode(secret), method: "totp" },
    });
    expect(second.statusCode, second.body).toBe(200);
    expect((await get("/api/caixa", withSetCookies(step, second.headers["set-cookie"]))).statusCode).toBe(
      200,
    );
    // And the app cannot be switched off while it is their only factor.
    const off = await ctx().app.inject({
      method: "POST",
      url: "/api/me/segundo-fator/totp/desativar",
      headers: { cookie },
      payload: { password: PASSWORD },
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe("SECOND_FACTOR_STILL_REQUIRED");
  });

  it("holds a password session of someone enrolled before they were required, once their team requires it", async () => {
    const member = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const other = withSetCookies("", (await passwordLogin(ctx(), member.email)).headers["set-cookie"]);
    await enrolTotp(ctx(), member.cookie);
    expect((await get("/api/solicitacoes", other)).statusCode).toBe(200);
    const admin = await person(ctx(), "admin@agencia.digital", "Admin Geral");
    const { cookie: adminCookie } = await enrolTotp(ctx(), admin.cookie);
    await setFinanceiro(ctx(), { ...admin, cookie: adminCookie }, [member.email]);
    await within(5000, async () => (await get("/api/solicitacoes", other)).statusCode === 403);
  });

  it("follows an administrator's choice of teams at once, recorded in the team's history", async () => {
    const admin = await person(ctx(), "admin@agencia.digital", "Admin Geral");
    const { cookie: adminCookie } = await enrolTotp(ctx(), admin.cookie);
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    await joinTeam(ctx(), "rh", ana.email);
    expect((await get("/api/caixa", ana.cookie)).statusCode).toBe(200);
    const stream = await openStream(ctx().app, ana.cookie);
    expect(stream.status).toBe(200);

    const page = await get("/api/admin/equipes", adminCookie);
    const teams = page.json().teams as {
      id: string;
      name: string;
      secondFactorRequired: boolean;
      members: string[];
    }[];
    expect(teams.find((t) => t.name === "Financeiro")?.secondFactorRequired).toBe(true);
    const ti = (page.json().teams as Record<string, unknown>[]).find((t) =>
      (t.members as string[]).includes(ana.email),
    )!;
    const save = (secondFactorRequired: boolean) =>
      ctx().app.inject({
        method: "PUT",
        url: `/api/admin/equipes/${ti.id}`,
        headers: { cookie: adminCookie },
        payload: {
          name: ti.name,
          kinds: ti.kinds,
          departamentos: ti.departamentos,
          members: ti.members,
          secondFactorRequired,
        },
      });
    expect((await save(true)).json().secondFactorRequired).toBe(true);
    expect((await get("/api/caixa", ana.cookie)).statusCode).toBe(403);
    // Her open stream is not kept serving her.
    await within(5000, async () => stream.ended());

    expect((await save(false)).statusCode).toBe(200);
    expect((await get("/api/caixa", ana.cookie)).statusCode).toBe(200);
    const history = await get(`/api/admin/equipes/${ti.id}/historico`, adminCookie);
    expect(history.json().items.map((e: { summary: string }) => e.summary)).toEqual(
      expect.arrayContaining([
        "Passou a exigir verificação em duas etapas dos membros",
        "Deixou de exigir verificação em duas etapas dos membros",
      ]),
    );
  });

  it("keeps a team's choice when a change leaves it out", async () => {
    const admin = await person(ctx(), "admin@agencia.digital", "Admin Geral");
    const { cookie } = await enrolTotp(ctx(), admin.cookie);
    const page = await get("/api/admin/equipes", cookie);
    const fin = (page.json().teams as Record<string, unknown>[]).find((t) => t.name === "Financeiro")!;
    const saved = await ctx().app.inject({
      method: "PUT",
      url: `/api/admin/equipes/${fin.id}`,
      headers: { cookie },
      payload: { name: fin.name, kinds: fin.kinds, departamentos: fin.departamentos, members: [] },
    });
    expect(saved.json().secondFactorRequired).toBe(true);
  });
});

describeWithApp(
  "no second factor required (REQUIRE_SECOND_FACTOR=false)",
  { env: { ...env, REQUIRE_SECOND_FACTOR: "false" } },
  (ctx) => {
    it("lets administrators and Financeiro in without one", async () => {
      const fin = await financeMember(ctx());
      const admin = await person(ctx(), "admin@agencia.digital", "Admin Geral");
      expect(
        (await ctx().app.inject({ url: "/api/caixa", headers: { cookie: fin.cookie } })).statusCode,
      ).toBe(200);
      const teams = await ctx().app.inject({ url: "/api/admin/equipes", headers: { cookie: admin.cookie } });
      expect(teams.statusCode).toBe(200);
      expect(teams.json().secondFactorEnforced).toBe(false);
    });
  },
);
