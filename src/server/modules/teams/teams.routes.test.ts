import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { KIND_NAMES, kindMeta } from "@/domain/requests/kinds/meta";
import { signedInUser } from "../../testing/auth-helpers";
import { describeWithApp, type TestContext } from "../../testing/test-app";

const env = {
  REQUIRE_EMAIL_VERIFICATION: "false",
  ADMIN_EMAILS: "Admin@Agencia.Digital",
  VAGAS_MANAGERS: "vagas@agencia.digital",
};

async function call(
  ctx: TestContext,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  cookie?: string,
  payload?: unknown,
) {
  return ctx.app.inject({
    method,
    url,
    ...(cookie ? { headers: { cookie } } : {}),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

describeWithApp("Equipes e permissões (decision 011)", { env }, (ctx) => {
  it("the first start's teams exist with no members; administrators come from ADMIN_EMAILS, any case", async () => {
    const admin = await signedInUser(ctx(), "admin@agencia.digital", "Alice Admin");
    const me = await call(ctx(), "GET", "/api/me", admin.cookie);
    expect(me.json().access).toMatchObject({ admin: true, caixa: false });

    const page = await call(ctx(), "GET", "/api/admin/equipes", admin.cookie);
    expect(page.statusCode).toBe(200);
    const byName = Object.fromEntries(
      (page.json().teams as { name: string }[]).map((t) => [t.name, t]),
    ) as unknown as Record<
      string,
      {
        members: string[];
        configMembers: string[];
        builtIn: boolean;
        kinds: string[];
        departamentos: string[];
      }
    >;
    for (const name of [
      "Financeiro",
      "RH",
      "Compras",
      "Marketing",
      "Performance",
      "Equipe Rocket",
      "Equipe Lead Zeppelin",
      "Vagas",
      "Planejamento",
    ]) {
      expect(byName[name], name).toMatchObject({ members: [], builtIn: true });
    }
    // Migration 0007's kinds, and each later kind its meta's handledBy names (docs/decisions/039).
    const later = (team: string) => KIND_NAMES.filter((kind) => kindMeta(kind).handledBy === team);
    expect(byName.Financeiro).toMatchObject({
      kinds: ["reembolso", ...later("financeiro")],
      departamentos: ["Financeiro"],
    });
    expect(byName.Compras).toMatchObject({ kinds: ["material"] });
    expect(byName.Marketing).toMatchObject({ kinds: ["seo"] });
    // VAGAS_MANAGERS: members by configuration, shown and not editable.
    expect(byName.Vagas!.configMembers).toEqual(["vagas@agencia.digital"]);
    expect(page.json().admins).toEqual(["admin@agencia.digital"]);
  });

  it("only administrators manage teams: 401 signed out, 403 for anyone else", async () => {
    const other = await signedInUser(ctx(), "bruno@agencia.digital", "Bruno Lima");
    expect((await call(ctx(), "GET", "/api/admin/equipes")).statusCode).toBe(401);
    expect((await call(ctx(), "GET", "/api/admin/equipes", other.cookie)).statusCode).toBe(403);
    expect(
      (await call(ctx(), "POST", "/api/admin/equipes", other.cookie, { name: "Intrusos", members: [] }))
        .statusCode,
    ).toBe(403);
  });

  it("puts a colleague in Financeiro, which opens the Caixa to them at once, and records it", async () => {
    const admin = await signedInUser(ctx(), "admin@agencia.digital", "Alice Admin");
    const colleague = await signedInUser(ctx(), "carla@agencia.digital", "Carla Financeira");
    expect((await call(ctx(), "GET", "/api/me", colleague.cookie)).json().access.caixa).toBe(false);

    const teams = (await call(ctx(), "GET", "/api/admin/equipes", admin.cookie)).json().teams as {
      id: string;
      name: string;
      kinds: string[];
      departamentos: string[];
    }[];
    const financeiro = teams.find((t) => t.name === "Financeiro")!;
    const saved = await call(ctx(), "PUT", `/api/admin/equipes/${financeiro.id}`, admin.cookie, {
      name: "Financeiro",
      kinds: financeiro.kinds,
      departamentos: financeiro.departamentos,
      members: ["Carla@Agencia.Digital", "novo.colega@agencia.com.br"],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().members).toEqual(["carla@agencia.digital", "novo.colega@agencia.com.br"]);
    expect((await call(ctx(), "GET", "/api/me", colleague.cookie)).json().access.caixa).toBe(true);

    const history = await call(ctx(), "GET", `/api/admin/equipes/${financeiro.id}/historico`, admin.cookie);
    expect(history.json().items).toEqual([
      expect.objectContaining({
        actorName: "Alice Admin",
        type: "equipe_alterada",
        summary: "Adicionou carla@agencia.digital, novo.colega@agencia.com.br",
      }),
    ]);

    // Removed: the Caixa closes at once.
    await call(ctx(), "PUT", `/api/admin/equipes/${financeiro.id}`, admin.cookie, {
      name: "Financeiro",
      kinds: financeiro.kinds,
      departamentos: financeiro.departamentos,
      members: [],
    });
    expect((await call(ctx(), "GET", "/api/me", colleague.cookie)).json().access.caixa).toBe(false);
  });

  it("validates names, kinds, departments and members' domains; names are unique whatever the case", async () => {
    const admin = await signedInUser(ctx(), "admin@agencia.digital", "Alice Admin");
    const bad = await call(ctx(), "POST", "/api/admin/equipes", admin.cookie, {
      name: " ",
      kinds: ["suporte", "x"],
      departamentos: ["Jurídico"],
      members: ["nao-e-email"],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ name: "Informe o nome da equipe" });

    const outside = await call(ctx(), "POST", "/api/admin/equipes", admin.cookie, {
      name: "Externos",
      members: ["alguem@gmail.com"],
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().fields.members).toBe(
      "Apenas emails com domínios @agencia.digital e @agencia.com.br podem participar",
    );

    const taken = await call(ctx(), "POST", "/api/admin/equipes", admin.cookie, { name: "financeiro" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe("Equipe já existe");
  });

  it("takes each member as one company mailbox by the one rule (docs/decisions/028)", async () => {
    const admin = await signedInUser(ctx(), "admin@agencia.digital", "Alice Admin");
    for (const member of [
      `${"a".repeat(65)}@agencia.digital`,
      "x@gmail.com,y@agencia.digital",
      "Eve <eve@gmail.com> z@agencia.digital",
      "eve@gmail.com z@agencia.digital",
      "atk@gmail.com\r\nBcc: y@agencia.digital",
      "ana@agencia.digital\n",
      '"eve"@agencia.digital',
    ]) {
      const res = await call(ctx(), "POST", "/api/admin/equipes", admin.cookie, {
        name: "Externos",
        members: [member],
      });
      expect(res.statusCode, JSON.stringify(member)).toBe(400);
      expect(res.json().fields).toEqual({ "members.0": "Informe emails válidos, um por linha" });
    }
    const ok = await call(ctx(), "POST", "/api/admin/equipes", admin.cookie, {
      name: "Financeiro RH",
      members: [" O'Neil+Fin@Agencia.Digital", "ana!rh@agencia.com.br"],
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().members).toEqual(["ana!rh@agencia.com.br", "o'neil+fin@agencia.digital"]);
    const rows = await ctx().database.db.execute(sql`select email from team_members order by email`);
    expect(rows.rows).toEqual([{ email: "ana!rh@agencia.com.br" }, { email: "o'neil+fin@agencia.digital" }]);
  });

  it("removes teams made here but not the built-in ones; every change is in the events table, which refuses edits", async () => {
    const admin = await signedInUser(ctx(), "admin@agencia.digital", "Alice Admin");
    const created = await call(ctx(), "POST", "/api/admin/equipes", admin.cookie, {
      name: "Jurídico",
      kinds: ["bolsa"],
      members: ["dani@agencia.digital"],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect((await call(ctx(), "DELETE", `/api/admin/equipes/${id}`, admin.cookie)).statusCode).toBe(204);
    expect((await call(ctx(), "DELETE", `/api/admin/equipes/${id}`, admin.cookie)).statusCode).toBe(404);
    const builtIn = (
      (await call(ctx(), "GET", "/api/admin/equipes", admin.cookie)).json().teams as {
        id: string;
        name: string;
      }[]
    ).find((t) => t.name === "RH")!;
    expect((await call(ctx(), "DELETE", `/api/admin/equipes/${builtIn.id}`, admin.cookie)).statusCode).toBe(
      409,
    );

    const db = ctx().database.db;
    const trail = await db.execute(
      sql`select type from events where subject_kind = 'equipe' and subject_id = ${id} order by id`,
    );
    expect(trail.rows.map((r) => (r as { type: string }).type)).toEqual(["equipe_criada", "equipe_removida"]);
    const refusal = (statement: ReturnType<typeof sql>) =>
      db.execute(statement).then(
        () => "changed",
        (err: Error & { cause?: Error }) => `${err.message} ${err.cause?.message ?? ""}`,
      );
    expect(await refusal(sql`update events set actor_name = 'Outra pessoa'`)).toMatch(/append-only: UPDATE/);
    expect(await refusal(sql`delete from events`)).toMatch(/append-only: DELETE/);
    expect((await db.execute(sql`select count(*)::int as n from events`)).rows[0]).toEqual({ n: 2 });
  });

  it("sets and removes a second approval above an amount, for kinds with a value only", async () => {
    const admin = await signedInUser(ctx(), "admin@agencia.digital", "Alice Admin");
    const teams = (await call(ctx(), "GET", "/api/admin/equipes", admin.cookie)).json().teams as {
      id: string;
      name: string;
    }[];
    const rh = teams.find((t) => t.name === "RH")!;
    const set = await call(ctx(), "PUT", "/api/admin/politicas/reembolso", admin.cookie, {
      thresholdCents: 100_000,
      teamId: rh.id,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ kind: "reembolso", thresholdCents: 100_000, teamId: rh.id, teamName: "RH" });
    expect(
      (
        await call(ctx(), "PUT", "/api/admin/politicas/material", admin.cookie, {
          thresholdCents: 1,
          teamId: rh.id,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(ctx(), "PUT", "/api/admin/politicas/reembolso", admin.cookie, {
          thresholdCents: 0,
          teamId: rh.id,
        })
      ).statusCode,
    ).toBe(400);
    expect((await call(ctx(), "GET", "/api/admin/equipes", admin.cookie)).json().policies).toHaveLength(1);
    expect((await call(ctx(), "DELETE", "/api/admin/politicas/reembolso", admin.cookie)).statusCode).toBe(
      204,
    );
    expect((await call(ctx(), "GET", "/api/admin/equipes", admin.cookie)).json().policies).toEqual([]);
  });
});
