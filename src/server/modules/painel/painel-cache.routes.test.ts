import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { todayInSaoPaulo } from "@/domain/dates";
import type { App } from "../../app";
import { multipartBody, SAMPLE_PNG } from "../../testing/multipart";
import { joinTeam, type Person, person } from "../../testing/people";
import { sendReembolso } from "../../testing/requests";
import { describeWithApp, secondInstance, type TestContext, within } from "../../testing/test-app";

/*
 * Decision 038: the Painel's figures are kept in memory per scope and period, and whatever the app
 * changes in a request shows in them at once — a new request, a move, a payment — on this instance
 * and on another one over the same PostgreSQL database.
 */

const env = { REQUIRE_EMAIL_VERIFICATION: "false", ADMIN_EMAILS: "admin@agencia.digital" };

type Figures = {
  porMes: { mes: string; tipo: string; total: number }[];
  valores: { mes: string; aprovadoCentavos: number; pagoCentavos: number }[];
  tempos: { tipo: string; decisao: { total: number }; pagamento: { total: number } }[];
  prazos: { tipo: string; noPrazo: number; atencao: number; atrasada: number; semMeta: number }[];
};

const painel = async (app: App, who: Person) => {
  const response = await app.inject({ url: "/api/painel", headers: { cookie: who.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Figures;
};

/** The reimbursements' figures of this month: sent, approved and paid cents, decided and paid counts, open. */
function reimbursements(figures: Figures) {
  const month = todayInSaoPaulo().slice(0, 7);
  const values = figures.valores.filter((v) => v.mes === month);
  const times = figures.tempos.find((t) => t.tipo === "reembolso")!;
  const open = figures.prazos.find((p) => p.tipo === "reembolso")!;
  return {
    sent: figures.porMes.find((p) => p.mes === month && p.tipo === "reembolso")?.total ?? 0,
    approved: values.reduce((sum, v) => sum + v.aprovadoCentavos, 0),
    paid: values.reduce((sum, v) => sum + v.pagoCentavos, 0),
    decided: times.decisao.total,
    settled: times.pagamento.total,
    open: open.noPrazo + open.atencao + open.atrasada + open.semMeta,
  };
}

/** A reimbursement written straight to the table: what no live event announces. */
async function writtenBehindTheAppsBack(ctx: TestContext, userId: string) {
  await ctx.database.db.execute(sql`insert into requests (kind, user_id, valor, tipo_despesa, centro_custo, dados)
    values ('reembolso', ${userId}, 10, 'transporte', 'marketing', '{"nome": "À mão", "descricao": "Sem evento", "anexoUrl": null}')`);
}

/** Resolves once `app` has heard `count` more request events (an instance's own come back through NOTIFY). */
function hearing(app: App, count: number) {
  let heard = 0;
  const stop = app.liveBus.subscribe((event) => {
    if (event.type === "request") heard += 1;
  });
  return () => within(5000, async () => heard >= count).finally(stop);
}

function act(app: App, who: Person, id: string, body: Record<string, unknown>) {
  return app.inject({
    method: "POST",
    url: `/api/solicitacoes/reembolso/${id}/acoes`,
    headers: { cookie: who.cookie },
    payload: body,
  });
}

async function pay(app: App, who: Person, id: string) {
  const body = await multipartBody(
    { acao: "marcar_pago", pagoEm: todayInSaoPaulo(), formaPagamento: "transferencia" },
    [{ field: "arquivo", name: "comprovante.png", content: SAMPLE_PNG, type: "image/png" }],
  );
  const paid = await app.inject({
    method: "POST",
    url: `/api/solicitacoes/reembolso/${id}/acoes`,
    headers: { cookie: who.cookie, ...body.headers },
    payload: body.payload,
  });
  expect(paid.statusCode, paid.body).toBe(200);
}

describeWithApp("the Painel's figures in memory (decision 038)", { env }, (ctx) => {
  it("answers from memory, and a new request, a move and a payment show at once", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio Financeiro");
    await joinTeam(ctx(), "financeiro", fabio.email);
    await within(5000, async () => ctx().app.liveBus.listening());
    const none = { sent: 0, approved: 0, paid: 0, decided: 0, settled: 0, open: 0 };
    expect(reimbursements(await painel(ctx().app, fabio))).toEqual(none);

    // Kept: a row written by hand is not read until the app changes a request.
    await writtenBehindTheAppsBack(ctx(), ana.user.id);
    expect(reimbursements(await painel(ctx().app, fabio))).toEqual(none);

    const heardIt = hearing(ctx().app, 1);
    const id = await sendReembolso(ctx(), ana, { valor: "R$ 150,00" });
    // The new one and the hand-written one, both open.
    expect(reimbursements(await painel(ctx().app, fabio))).toEqual({ ...none, sent: 2, open: 2 });
    await heardIt();

    expect((await act(ctx().app, fabio, id, { acao: "assumir" })).statusCode).toBe(200);
    const approved = await act(ctx().app, fabio, id, { acao: "aprovar", confirmarAlertas: true });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(reimbursements(await painel(ctx().app, fabio))).toEqual({
      ...none,
      sent: 2,
      approved: 15000,
      decided: 1,
      open: 2,
    });

    await pay(ctx().app, fabio, id);
    expect(reimbursements(await painel(ctx().app, fabio))).toEqual({
      sent: 2,
      approved: 15000,
      paid: 15000,
      decided: 1,
      settled: 1,
      open: 1,
    });
  });

  it("on PostgreSQL, a move made on another instance shows on this one at once", async () => {
    if (ctx().kind !== "postgres") return;
    const second = await secondInstance(ctx());
    try {
      const carla = await person(ctx(), "carla@agencia.digital", "Carla Dias");
      const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio Financeiro");
      await joinTeam(ctx(), "financeiro", fabio.email);
      await within(5000, async () => second.liveBus.listening());
      const heardIt = hearing(second, 1);
      const id = await sendReembolso(ctx(), carla);
      await heardIt();
      const before = reimbursements(await painel(second, fabio));
      expect(before).toMatchObject({ sent: 1, decided: 0 });
      // Kept on the second instance: a hand-written row is not read there.
      await writtenBehindTheAppsBack(ctx(), carla.user.id);
      expect(reimbursements(await painel(second, fabio))).toEqual(before);

      expect((await act(ctx().app, fabio, id, { acao: "assumir" })).statusCode).toBe(200);
      await within(1000, async () => reimbursements(await painel(second, fabio)).sent === 2);
    } finally {
      await second.close();
    }
  });
});
