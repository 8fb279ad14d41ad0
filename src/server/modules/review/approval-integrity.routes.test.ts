import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { todayInSaoPaulo } from "@/domain/dates";
import { multipartBody, SAMPLE_PDF } from "../../testing/multipart";
import { joinTeam, type Person, person } from "../../testing/people";
import { describeWithApp, type TestContext } from "../../testing/test-app";

/*
 * An approval covers what it approved, and nobody is paid more than asked
 * (docs/decisions/029): every move that sends a request back clears the
 * awaited second approval and the approved value; every approval and every
 * payment checks the approved value against the current amount.
 */

const env = { REQUIRE_EMAIL_VERIFICATION: "false", ADMIN_EMAILS: "admin@agencia.digital" };

let receipts = 0;
const fields = (valor: string) => ({
  data: todayInSaoPaulo(),
  tipo: "transporte",
  valor,
  centroCusto: "marketing",
  descricao: "Táxi para o cliente",
});

async function send(ctx: TestContext, who: Person, valor: string) {
  receipts += 1;
  const body = await multipartBody(fields(valor), [
    { name: "recibo.pdf", content: `${SAMPLE_PDF}% ${receipts}\n`, type: "application/pdf" },
  ]);
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/solicitacoes/reembolso",
    headers: { cookie: who.cookie, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

/** 'Editar e reenviar' with a new value; the receipt stays. */
async function resend(ctx: TestContext, who: Person, id: string, valor: string) {
  const body = await multipartBody(fields(valor));
  return ctx.app.inject({
    method: "PUT",
    url: `/api/solicitacoes/reembolso/${id}`,
    headers: { cookie: who.cookie, ...body.headers },
    payload: body.payload,
  });
}

function act(ctx: TestContext, who: Person, id: string, body: Record<string, unknown>) {
  return ctx.app.inject({
    method: "POST",
    url: `/api/solicitacoes/reembolso/${id}/acoes`,
    headers: { cookie: who.cookie },
    payload: body,
  });
}

function bulk(ctx: TestContext, who: Person, payload: Record<string, unknown>) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/caixa/em-lote",
    headers: { cookie: who.cookie },
    payload,
  });
}

async function detail(ctx: TestContext, who: Person, id: string) {
  return (
    await ctx.app.inject({ url: `/api/solicitacoes/reembolso/${id}`, headers: { cookie: who.cookie } })
  ).json();
}

const actions = (standing: { acoes: { acao: string }[] }) => standing.acoes.map((a) => a.acao);

/** What the row holds: the amount, the approved value (text, as stored) and the awaited team. */
async function stored(ctx: TestContext, id: string) {
  const [row] = (
    await ctx.database.db.execute(
      sql`select status, valor::text, valor_aprovado::text, t.name as aguardando
        from requests r left join teams t on t.id = r.pending_approval_team_id
        where r.id = ${id}`,
    )
  ).rows as { status: string; valor: string; valor_aprovado: string | null; aguardando: string | null }[];
  return row!;
}

/** Ana asks, Fábio (Financeiro) handles, Rita (RH) gives the second approval above R$ 1.000,00. */
async function people(ctx: TestContext) {
  const ana = await person(ctx, "ana@agencia.digital", "Ana Souza");
  const fabio = await person(ctx, "fabio@agencia.digital", "Fábio Financeiro");
  const rita = await person(ctx, "rita@agencia.digital", "Rita RH");
  await joinTeam(ctx, "financeiro", fabio.email);
  await joinTeam(ctx, "rh", rita.email);
  await ctx.database.db.execute(
    sql`insert into approval_policies (kind, threshold_cents, team_id) select 'reembolso', 100000, id from teams where key = 'rh'`,
  );
  // Her first reimbursement: the ones under test are not flagged 'Primeira solicitação'.
  await send(ctx, ana, "R$ 12,34");
  return { ana, fabio, rita };
}

/** Taken and approved once by Fábio: it now waits for RH. */
async function firstApproval(ctx: TestContext, fabio: Person, id: string, extra = {}) {
  await act(ctx, fabio, id, { acao: "assumir" });
  const first = await act(ctx, fabio, id, { acao: "aprovar", confirmarAlertas: true, ...extra });
  expect(first.statusCode, first.body).toBe(200);
  expect(first.json()).toMatchObject({ status: "em_analise", aguardandoAprovacaoDe: "RH" });
}

describeWithApp("an approval covers what it approved (decision 029)", { env }, (ctx) => {
  it("R$ 1.500,00 approved by Financeiro, sent back, edited to R$ 500,00: RH alone cannot approve; Financeiro approves again; R$ 500,00 is paid", async () => {
    const { ana, fabio, rita } = await people(ctx());
    const id = await send(ctx(), ana, "R$ 1.500,00");
    await firstApproval(ctx(), fabio, id);

    const sentBack = await act(ctx(), fabio, id, { acao: "pedir_ajuste", motivo: "Falta o recibo da volta" });
    expect(sentBack.json()).toMatchObject({ status: "aguardando_ajuste", aguardandoAprovacaoDe: null });
    expect(await stored(ctx(), id)).toMatchObject({ valor_aprovado: null, aguardando: null });

    const resent = await resend(ctx(), ana, id, "R$ 500,00");
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ status: "em_analise", aguardandoAprovacaoDe: null });

    // RH's approval was of the first content: RH may no longer approve alone.
    expect(actions((await detail(ctx(), rita, id)).situacao)).not.toContain("aprovar");
    const alone = await act(ctx(), rita, id, { acao: "aprovar", confirmarAlertas: true });
    expect(alone.statusCode).toBe(403);

    // The handling team approves the edited content: below the policy amount, one approval is enough.
    expect(actions((await detail(ctx(), fabio, id)).situacao)).toContain("aprovar");
    const again = await act(ctx(), fabio, id, { acao: "aprovar", valorAprovado: 150000 });
    expect(again.json().fields).toEqual({
      valorAprovado: "O valor aprovado não pode ser maior que o solicitado",
    });
    const approved = await act(ctx(), fabio, id, { acao: "aprovar", confirmarAlertas: true });
    expect(approved.json()).toMatchObject({ status: "aprovado" });
    expect((await detail(ctx(), ana, id)).dados).toMatchObject({ valor: 50000, valorAprovado: 50000 });

    const batch = (
      await ctx().app.inject({ url: "/api/caixa/lote-pagamento", headers: { cookie: fabio.cookie } })
    ).json();
    expect(batch.pessoas[0]).toMatchObject({
      total: 50000,
      itens: [expect.objectContaining({ id, valorAprovado: 50000 })],
    });
    const paid = await act(ctx(), fabio, id, { acao: "marcar_pago" });
    expect(paid.json().status).toBe("pago");
    expect(await stored(ctx(), id)).toMatchObject({ valor: "500.00", valor_aprovado: "500.00" });
  });

  it("single approval: without a value, the current amount; a second approval never keeps a value above it", async () => {
    const { ana, fabio, rita } = await people(ctx());
    // Rows left by the old behaviour: an approved value above what is now asked.
    const stale = await send(ctx(), ana, "R$ 1.500,00");
    await act(ctx(), fabio, stale, { acao: "assumir" });
    await ctx().database.db.execute(
      sql`update requests set valor = 500, valor_aprovado = 1500 where id = ${stale}`,
    );
    const approved = await act(ctx(), fabio, stale, { acao: "aprovar", confirmarAlertas: true });
    expect(approved.json()).toMatchObject({ status: "aprovado" });
    expect(await stored(ctx(), stale)).toMatchObject({ valor_aprovado: "500.00" });

    const awaiting = await send(ctx(), ana, "R$ 1.600,00");
    await firstApproval(ctx(), fabio, awaiting);
    await ctx().database.db.execute(sql`update requests set valor = 600 where id = ${awaiting}`);
    const kept = await act(ctx(), rita, awaiting, { acao: "aprovar", confirmarAlertas: true });
    expect(kept.statusCode).toBe(400);
    expect(kept.json().fields).toEqual({
      valorAprovado: "O valor aprovado não pode ser maior que o solicitado",
    });
    expect(await stored(ctx(), awaiting)).toMatchObject({ status: "em_analise", aguardando: "RH" });
  });

  it("bulk approval: the second team cannot approve an edited request; the handling team approves the current amount", async () => {
    const { ana, fabio, rita } = await people(ctx());
    const edited = await send(ctx(), ana, "R$ 1.500,00");
    await firstApproval(ctx(), fabio, edited);
    expect((await act(ctx(), rita, edited, { acao: "pedir_ajuste", motivo: "Valor alto" })).statusCode).toBe(
      200,
    );
    expect((await resend(ctx(), ana, edited, "R$ 500,00")).statusCode).toBe(200);
    // Another row left by the old behaviour: its approved value is no longer what is asked.
    const stale = await send(ctx(), ana, "R$ 700,00");
    await act(ctx(), fabio, stale, { acao: "assumir" });
    await ctx().database.db.execute(sql`update requests set valor_aprovado = 900 where id = ${stale}`);
    const itens = [edited, stale].map((id) => ({ tipo: "reembolso", id }));

    expect((await bulk(ctx(), rita, { acao: "aprovar", itens })).statusCode).toBe(403);
    const approved = await bulk(ctx(), fabio, { acao: "aprovar", itens });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().resultados.map((r: { ok: boolean; status: string }) => [r.ok, r.status])).toEqual([
      [true, "aprovado"],
      [true, "aprovado"],
    ]);
    expect(await stored(ctx(), edited)).toMatchObject({ valor_aprovado: "500.00", aguardando: null });
    expect(await stored(ctx(), stale)).toMatchObject({ valor_aprovado: "700.00" });
  });

  it("payment batch: lists and pays only complete approvals within the current amount", async () => {
    const { ana, fabio } = await people(ctx());
    const ids = [];
    for (const valor of ["R$ 100,00", "R$ 200,00", "R$ 300,00"]) {
      const id = await send(ctx(), ana, valor);
      await act(ctx(), fabio, id, { acao: "assumir" });
      expect((await act(ctx(), fabio, id, { acao: "aprovar", confirmarAlertas: true })).statusCode).toBe(200);
      ids.push(id);
    }
    const [good, above, incomplete] = ids as [string, string, string];
    const listed = (
      await ctx().app.inject({ url: "/api/caixa/lote-pagamento", headers: { cookie: fabio.cookie } })
    ).json();
    const versions = new Map(
      (listed.pessoas[0].itens as { id: string; versao: number }[]).map((i) => [i.id, i.versao]),
    );
    // Between the listing and the payment, the rows change behind the page's back.
    await ctx().database.db.execute(sql`update requests set valor_aprovado = 250 where id = ${above}`);
    await ctx().database.db.execute(
      sql`update requests set pending_approval_team_id = (select id from teams where key = 'rh') where id = ${incomplete}`,
    );

    const batch = (
      await ctx().app.inject({ url: "/api/caixa/lote-pagamento", headers: { cookie: fabio.cookie } })
    ).json();
    expect(batch.pessoas).toEqual([
      expect.objectContaining({ total: 10000, itens: [expect.objectContaining({ id: good })] }),
    ]);

    const single = await act(ctx(), fabio, above, { acao: "marcar_pago" });
    expect(single.statusCode).toBe(409);
    expect(single.json().description).toBe("O valor aprovado é maior que o solicitado: não pode ser pago.");

    const paid = await bulk(ctx(), fabio, {
      acao: "marcar_pago",
      itens: ids.map((id) => ({ tipo: "reembolso", id, versao: versions.get(id) })),
    });
    expect(paid.json().resultados).toEqual([
      expect.objectContaining({ id: good, ok: true, status: "pago" }),
      {
        tipo: "reembolso",
        id: above,
        ok: false,
        status: "aprovado",
        erro: "O valor aprovado é maior que o solicitado: não pode ser pago.",
      },
      {
        tipo: "reembolso",
        id: incomplete,
        ok: false,
        status: "aprovado",
        erro: "A aprovação desta solicitação não está completa: ela não pode ser paga.",
      },
    ]);
  });

  it("the policy's team cannot be removed while it may still have to approve; the first approver never approves alone", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio Financeiro");
    const dora = await person(ctx(), "dora@agencia.digital", "Dora Diretora");
    const admin = await person(ctx(), "admin@agencia.digital", "Alice Admin");
    await joinTeam(ctx(), "financeiro", fabio.email);
    const admin_ = (method: "PUT" | "POST" | "DELETE", url: string, payload?: object) =>
      ctx().app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
    const team = await admin_("POST", "/api/admin/equipes", { name: "Diretoria", members: [dora.email] });
    expect(team.statusCode, team.body).toBe(201);
    const teamId = team.json().id as string;
    expect(
      (await admin_("PUT", "/api/admin/politicas/reembolso", { thresholdCents: 100000, teamId })).statusCode,
    ).toBe(200);
    const id = await send(ctx(), ana, "R$ 1.500,00");
    await act(ctx(), fabio, id, { acao: "assumir" });
    const first = await act(ctx(), fabio, id, { acao: "aprovar", confirmarAlertas: true });
    expect(first.json()).toMatchObject({ status: "em_analise", aguardandoAprovacaoDe: "Diretoria" });

    const named = await admin_("DELETE", `/api/admin/equipes/${teamId}`);
    expect(named.statusCode).toBe(409);
    expect(named.json().description).toBe(
      "Esta equipe dá a segunda aprovação de uma política. Escolha outra equipe na política ou remova a política antes.",
    );
    expect((await admin_("DELETE", "/api/admin/politicas/reembolso")).statusCode).toBe(204);
    const awaited = await admin_("DELETE", `/api/admin/equipes/${teamId}`);
    expect(awaited.statusCode).toBe(409);
    expect(awaited.json().description).toBe(
      "Há solicitações aguardando a aprovação desta equipe. Elas precisam ser aprovadas, recusadas ou devolvidas para ajuste antes.",
    );

    // The awaited approval stays awaited: the first approver still cannot give it.
    expect((await act(ctx(), fabio, id, { acao: "aprovar", confirmarAlertas: true })).statusCode).toBe(403);
    expect(await stored(ctx(), id)).toMatchObject({ status: "em_analise", aguardando: "Diretoria" });
    const second = await act(ctx(), dora, id, { acao: "aprovar", confirmarAlertas: true });
    expect(second.json()).toMatchObject({ status: "aprovado" });
    expect((await admin_("DELETE", `/api/admin/equipes/${teamId}`)).statusCode).toBe(204);
  });

  it("amount raised after a partial first approval: both approvals again, of the new amount", async () => {
    const { ana, fabio, rita } = await people(ctx());
    const id = await send(ctx(), ana, "R$ 1.200,00");
    await firstApproval(ctx(), fabio, id, { valorAprovado: 100000, motivo: "Só a ida" });
    await act(ctx(), rita, id, { acao: "pedir_ajuste", motivo: "Inclua a volta" });
    expect((await resend(ctx(), ana, id, "R$ 2.000,00")).statusCode).toBe(200);

    expect((await act(ctx(), rita, id, { acao: "aprovar", confirmarAlertas: true })).statusCode).toBe(403);
    const above = await act(ctx(), fabio, id, { acao: "aprovar", valorAprovado: 250000 });
    expect(above.json().fields).toEqual({
      valorAprovado: "O valor aprovado não pode ser maior que o solicitado",
    });
    await firstApproval(ctx(), fabio, id);
    expect(await stored(ctx(), id)).toMatchObject({ valor_aprovado: "2000.00", aguardando: "RH" });
    const second = await act(ctx(), rita, id, { acao: "aprovar", confirmarAlertas: true });
    expect(second.json()).toMatchObject({ status: "aprovado" });
    expect((await detail(ctx(), ana, id)).dados).toMatchObject({ valor: 200000, valorAprovado: 200000 });
  });

  it("amount lowered, still above the policy: the old approved value is gone, both approvals again", async () => {
    const { ana, fabio, rita } = await people(ctx());
    const id = await send(ctx(), ana, "R$ 3.000,00");
    await firstApproval(ctx(), fabio, id);
    await act(ctx(), fabio, id, { acao: "pedir_ajuste", motivo: "Só a hospedagem" });
    expect((await resend(ctx(), ana, id, "R$ 1.200,00")).statusCode).toBe(200);

    expect((await act(ctx(), rita, id, { acao: "aprovar", confirmarAlertas: true })).statusCode).toBe(403);
    const old = await act(ctx(), fabio, id, { acao: "aprovar", valorAprovado: 300000 });
    expect(old.json().fields).toEqual({
      valorAprovado: "O valor aprovado não pode ser maior que o solicitado",
    });
    await firstApproval(ctx(), fabio, id);
    expect(await stored(ctx(), id)).toMatchObject({ valor_aprovado: "1200.00", aguardando: "RH" });
    // The second approver keeps the first one's value: the current content's.
    const second = await act(ctx(), rita, id, { acao: "aprovar", confirmarAlertas: true });
    expect(second.json()).toMatchObject({ status: "aprovado" });
    expect(await stored(ctx(), id)).toMatchObject({ valor: "1200.00", valor_aprovado: "1200.00" });
  });

  it("refusing after a first approval leaves no approved value and no awaited team", async () => {
    const { ana, fabio, rita } = await people(ctx());
    const id = await send(ctx(), ana, "R$ 1.500,00");
    await firstApproval(ctx(), fabio, id);
    const refused = await act(ctx(), rita, id, { acao: "recusar", motivo: "Fora da política" });
    expect(refused.json()).toMatchObject({ status: "recusado", aguardandoAprovacaoDe: null });
    expect(await stored(ctx(), id)).toMatchObject({ valor_aprovado: null, aguardando: null });
  });
});
