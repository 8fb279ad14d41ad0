import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { REQUEST_KINDS } from "@/domain/requests/kinds";
import { kindMeta } from "@/domain/requests/kinds/meta";
import { signedInUser } from "../../testing/auth-helpers";
import { joinTeam } from "../../testing/people";
import { syncOpenFlags } from "../../testing/seed";
import { describeWithApp, type TestContext } from "../../testing/test-app";

// Rows are written straight to the tables here, which publishes nothing: the figures are read afresh each time
// (what is kept, and when it is dropped, is painel-cache.routes.test.ts's subject).
const env = {
  REQUIRE_EMAIL_VERIFICATION: "false",
  ADMIN_EMAILS: "admin@agencia.digital",
  PAINEL_CACHE_SECONDS: "0",
};

/** A reimbursement written straight to its table, with the dates the Painel reads. */
async function reembolso(
  ctx: TestContext,
  userId: string,
  r: {
    created: string;
    status: string;
    valor: string;
    aprovado?: string;
    decided?: string;
    settled?: string;
    pagoEm?: string;
    centro: string;
    categoria: string;
  },
) {
  await ctx.database.db.execute(sql`insert into requests
    (kind, user_id, dados, valor, data_despesa, tipo_despesa, centro_custo, status, created_at, status_changed_at,
     decided_at, settled_at, valor_aprovado, pago_em)
    values ('reembolso', ${userId}, '{"nome": "Ana", "descricao": "Táxi", "anexoUrl": null}', ${r.valor}, '2026-01-10',
     ${r.categoria}, ${r.centro}, ${r.status},
     ${r.created}::timestamptz, ${r.created}::timestamptz, ${r.decided ?? null}::timestamptz,
     ${r.settled ?? null}::timestamptz, ${r.aprovado ?? null}::numeric, ${r.pagoEm ?? null}::date)`);
  await syncOpenFlags(ctx.database.db);
}

async function bolsa(ctx: TestContext, userId: string, created: string) {
  await ctx.database.db.execute(sql`insert into requests
    (kind, user_id, dados, tipo_despesa, valor, chave_pix, created_at, status_changed_at)
    values ('bolsa', ${userId}, '{"titulo": "Curso", "linkPlataforma": "https://curso.example", "valorAgregado": "Aprender", "criadoPor": "Ana"}',
      'Cursos', 500, 'ana@agencia.digital', ${created}::timestamptz, ${created}::timestamptz)`);
}

const painel = (ctx: TestContext, cookie: string, query = "?de=2026-01-01&ate=2026-03-31") =>
  ctx.app.inject({ url: `/api/painel${query}`, headers: { cookie } });

describeWithApp("'Painel' (decision 014)", { env }, (ctx) => {
  it("answers its teams' kinds only, with the figures of a small set; 403 for anyone else", async () => {
    await ctx().database.db.execute(sql`delete from service_levels`);
    const ana = await signedInUser(ctx(), "ana@agencia.digital", "Ana");
    const fabio = await signedInUser(ctx(), "fabio@agencia.digital", "Fábio");
    const admin = await signedInUser(ctx(), "admin@agencia.digital", "Admin");
    await joinTeam(ctx(), "financeiro", "fabio@agencia.digital");
    const base = { centro: "marketing", categoria: "transporte" };
    // January: two sent; one approved for less (80 of 100) and paid in February, one refused.
    await reembolso(ctx(), ana.user.id, {
      ...base,
      created: "2026-01-05T10:00:00-03:00",
      status: "pago",
      valor: "100.00",
      aprovado: "80.00",
      decided: "2026-01-05T20:00:00-03:00",
      settled: "2026-02-02T10:00:00-03:00",
      pagoEm: "2026-02-02",
    });
    await reembolso(ctx(), ana.user.id, {
      ...base,
      centro: "ti",
      created: "2026-01-20T10:00:00-03:00",
      status: "recusado",
      valor: "50.00",
      decided: "2026-01-20T14:00:00-03:00",
    });
    // March: one approved in full (no valor_aprovado kept), not paid; one still open.
    await reembolso(ctx(), ana.user.id, {
      ...base,
      categoria: "alimentacao",
      created: "2026-03-02T10:00:00-03:00",
      status: "aprovado",
      valor: "30.00",
      decided: "2026-03-02T12:00:00-03:00",
    });
    await reembolso(ctx(), ana.user.id, {
      ...base,
      created: "2026-03-10T10:00:00-03:00",
      status: "pendente",
      valor: "10.00",
    });
    // Outside the period, and another team's kind.
    await reembolso(ctx(), ana.user.id, {
      ...base,
      created: "2025-12-31T20:00:00-03:00",
      status: "pendente",
      valor: "10.00",
    });
    await bolsa(ctx(), ana.user.id, "2026-02-10T10:00:00-03:00");

    expect((await painel(ctx(), ana.cookie)).statusCode).toBe(403);
    expect((await ctx().app.inject({ url: "/api/painel" })).statusCode).toBe(401);
    expect((await painel(ctx(), fabio.cookie, "?de=2026-03-01&ate=2026-01-01")).statusCode).toBe(400);

    const forFabio = (await painel(ctx(), fabio.cookie)).json();
    expect(forFabio.meses).toEqual(["2026-01", "2026-02", "2026-03"]);
    // Finance's kinds: reimbursements, the support tickets to Financeiro, and any later kind it handles.
    expect(forFabio.tipos).toEqual(
      REQUEST_KINDS.filter(
        (kind) => kind === "reembolso" || kind === "suporte" || kindMeta(kind).handledBy === "financeiro",
      ),
    );
    expect(forFabio.porMes).toEqual(
      expect.arrayContaining([
        { mes: "2026-01", tipo: "reembolso", total: 2 },
        { mes: "2026-03", tipo: "reembolso", total: 2 },
      ]),
    );
    expect(forFabio.porMes).toHaveLength(2);
    expect(forFabio.valores).toEqual([
      {
        mes: "2026-01",
        centroCusto: "Marketing",
        tipoDespesa: "Transporte",
        aprovadoCentavos: 8000,
        pagoCentavos: 0,
      },
      {
        mes: "2026-02",
        centroCusto: "Marketing",
        tipoDespesa: "Transporte",
        aprovadoCentavos: 0,
        pagoCentavos: 8000,
      },
      {
        mes: "2026-03",
        centroCusto: "Marketing",
        tipoDespesa: "Alimentação",
        aprovadoCentavos: 3000,
        pagoCentavos: 0,
      },
    ]);
    const times = forFabio.tempos.find((t: { tipo: string }) => t.tipo === "reembolso");
    // Decisions after 10 h, 4 h and 2 h: median 4, p90 8.8 (linear, percentile_cont); one payment after 28 days (672 h).
    expect(times.decisao).toEqual({ mediana: 4, p90: 8.8, total: 3 });
    expect(times.pagamento).toEqual({ mediana: 672, p90: 672, total: 1 });
    expect(forFabio.prazos).toContainEqual({
      tipo: "reembolso",
      noPrazo: 0,
      atencao: 0,
      atrasada: 0,
      semMeta: 3,
    });

    // With a target of 8 business hours, the three open ones (two pending, one approved and not yet paid) are late.
    await ctx().database.db.execute(
      sql`insert into service_levels (kind, target_hours) values ('reembolso', 8)`,
    );
    const late = (await painel(ctx(), fabio.cookie)).json();
    expect(late.prazos).toContainEqual({
      tipo: "reembolso",
      noPrazo: 0,
      atencao: 0,
      atrasada: 3,
      semMeta: 0,
    });

    // Administrators see every kind.
    const forAdmin = (await painel(ctx(), admin.cookie)).json();
    expect(forAdmin.tipos).toEqual(REQUEST_KINDS);
    expect(forAdmin.porMes).toContainEqual({ mes: "2026-02", tipo: "bolsa", total: 1 });
  });

  it("counts the payments with the bank now, and keeps them among the approved amounts", async () => {
    const ana = await signedInUser(ctx(), "ana@agencia.digital", "Ana");
    const fabio = await signedInUser(ctx(), "fabio@agencia.digital", "Fábio");
    await joinTeam(ctx(), "financeiro", "fabio@agencia.digital");
    const base = { centro: "marketing", categoria: "transporte" };
    const before = (await painel(ctx(), fabio.cookie)).json();
    expect(before.enviadoAoBanco).toEqual({ total: 0, centavos: 0 });

    // Two in a bank's file (one approved for less), one only approved, one paid.
    for (const [status, valor, aprovado] of [
      ["enviado_ao_banco", "120.50", undefined],
      ["enviado_ao_banco", "100.00", "75.25"],
      ["aprovado", "40.00", undefined],
    ] as const) {
      await reembolso(ctx(), ana.user.id, {
        ...base,
        created: "2026-02-03T10:00:00-03:00",
        decided: "2026-02-04T10:00:00-03:00",
        status,
        valor,
        aprovado,
      });
    }
    // One sent long before the period is still with the bank: counted, since the figure is about now.
    await reembolso(ctx(), ana.user.id, {
      ...base,
      created: "2025-06-03T10:00:00-03:00",
      decided: "2025-06-04T10:00:00-03:00",
      status: "enviado_ao_banco",
      valor: "10.00",
    });

    const after = (await painel(ctx(), fabio.cookie)).json();
    expect(after.enviadoAoBanco).toEqual({ total: 3, centavos: 12050 + 7525 + 1000 });
    expect(after.valores).toContainEqual({
      mes: "2026-02",
      centroCusto: "Marketing",
      tipoDespesa: "Transporte",
      aprovadoCentavos: 12050 + 7525 + 4000,
      pagoCentavos: 0,
    });
  });
});
