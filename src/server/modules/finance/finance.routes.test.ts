import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { todayInSaoPaulo } from "@/domain/dates";
import { multipartBody, SAMPLE_PDF, SAMPLE_PNG } from "../../testing/multipart";
import { joinTeam, type Person, person } from "../../testing/people";
import { describeWithApp, type TestContext } from "../../testing/test-app";

/*
 * Deciding with evidence and paying (decision 015): partial approval, the flags and
 * their confirmation, and the payment with its date, method and proof.
 */

const env = { REQUIRE_EMAIL_VERIFICATION: "false", ADMIN_EMAILS: "admin@agencia.digital" };

let receipts = 0;
async function sendReembolso(
  ctx: TestContext,
  who: Person,
  options: {
    valor?: string;
    data?: string;
    chavePix?: string;
    file?: string | Uint8Array;
    tipo?: string;
  } = {},
) {
  receipts += 1;
  const body = await multipartBody(
    {
      data: options.data ?? todayInSaoPaulo(),
      tipo: options.tipo ?? "transporte",
      valor: options.valor ?? "R$ 150,00",
      centroCusto: "marketing",
      descricao: `Táxi ${receipts}`,
      ...(options.chavePix ? { chavePix: options.chavePix } : {}),
    },
    [
      {
        name: "recibo.pdf",
        content: options.file ?? `${SAMPLE_PDF}% ${receipts}\n`,
        type: "application/pdf",
      },
    ],
  );
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/solicitacoes/reembolso",
    headers: { cookie: who.cookie, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

function act(ctx: TestContext, who: Person, id: string, body: Record<string, unknown>) {
  return ctx.app.inject({
    method: "POST",
    url: `/api/solicitacoes/reembolso/${id}/acoes`,
    headers: { cookie: who.cookie },
    payload: body,
  });
}

async function detail(ctx: TestContext, who: Person, id: string) {
  return (
    await ctx.app.inject({ url: `/api/solicitacoes/reembolso/${id}`, headers: { cookie: who.cookie } })
  ).json();
}

const flagKinds = (standing: { alertas: { tipo: string }[] }) => standing.alertas.map((f) => f.tipo).sort();

describeWithApp("finance: deciding with evidence and paying (decision 015)", { env }, (ctx) => {
  it("approves less than asked with a reason, never more; the requester sees both values", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio Financeiro");
    await joinTeam(ctx(), "financeiro", fabio.email);
    const id = await sendReembolso(ctx(), ana);
    await act(ctx(), fabio, id, { acao: "assumir" });

    const above = await act(ctx(), fabio, id, {
      acao: "aprovar",
      valorAprovado: 15001,
      confirmarAlertas: true,
    });
    expect(above.statusCode).toBe(400);
    expect(above.json().fields).toEqual({
      valorAprovado: "O valor aprovado não pode ser maior que o solicitado",
    });
    const noReason = await act(ctx(), fabio, id, {
      acao: "aprovar",
      valorAprovado: 12000,
      confirmarAlertas: true,
    });
    expect(noReason.json().fields).toEqual({ motivo: "Informe o motivo de aprovar um valor menor" });
    const notAnAmount = await act(ctx(), fabio, id, {
      acao: "aprovar",
      valorAprovado: -5,
      confirmarAlertas: true,
    });
    expect(notAnAmount.json().fields).toEqual({ valorAprovado: "Informe um valor aprovado válido" });

    const approved = await act(ctx(), fabio, id, {
      acao: "aprovar",
      valorAprovado: 12000,
      motivo: "A volta não tem recibo",
      confirmarAlertas: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const seen = await detail(ctx(), ana, id);
    expect(seen.dados).toMatchObject({ valor: 15000, valorAprovado: 12000 });
    const entry = seen.situacao.linhaDoTempo.at(-1);
    expect(entry).toMatchObject({ acao: "aprovar", motivo: "A volta não tem recibo" });
    // The requester never sees the flags (docs/decisions/015): neither now nor those confirmed on approval.
    expect(entry.notas).toEqual(["Valor aprovado: R$\u00a0120,00 de R$\u00a0150,00 solicitados"]);
    expect(JSON.stringify(seen)).not.toContain("Primeira solicitação");
    expect(seen.situacao.alertas).toEqual([]);
    const forTeam = (await detail(ctx(), fabio, id)).situacao.linhaDoTempo.at(-1);
    expect(forTeam.notas).toEqual([
      "Valor aprovado: R$\u00a0120,00 de R$\u00a0150,00 solicitados",
      "Alertas verificados ao aprovar: Primeira solicitação",
    ]);
    const [row] = (
      await ctx().database.db.execute(
        sql`select decided_by, decided_at is not null as decided from requests where id = ${id}`,
      )
    ).rows as { decided_by: string; decided: boolean }[];
    expect(row).toEqual({ decided_by: "Fábio Financeiro", decided: true });
  });

  it("flags duplicates by facts and by bytes, the monthly limit, the first request and a changed PIX key", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const bia = await person(ctx(), "bia@agencia.digital", "Bia Lima");
    const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio Financeiro");
    await joinTeam(ctx(), "financeiro", fabio.email);
    const day = todayInSaoPaulo();

    const first = await sendReembolso(ctx(), ana, { valor: "R$ 80,00", chavePix: "ana@agencia.digital" });
    expect(flagKinds((await detail(ctx(), fabio, first)).situacao)).toEqual(["primeira_solicitacao"]);
    // Paid to her e-mail key.
    await act(ctx(), fabio, first, { acao: "assumir" });
    await act(ctx(), fabio, first, { acao: "aprovar", confirmarAlertas: true });
    expect((await act(ctx(), fabio, first, { acao: "marcar_pago" })).json().status).toBe("pago");

    // Same date and amount twice, a new PIX key, and the same receipt bytes that Bia sends too.
    const twinA = await sendReembolso(ctx(), ana, {
      data: day,
      valor: "R$ 45,00",
      chavePix: "+5511999998888",
    });
    const twinB = await sendReembolso(ctx(), ana, {
      data: day,
      valor: "R$ 45,00",
      chavePix: "+5511999998888",
    });
    const shared = `${SAMPLE_PDF}% mesmo recibo\n`;
    const biaOwn = await sendReembolso(ctx(), bia, { valor: "R$ 10,00", file: shared });
    const anaCopy = await sendReembolso(ctx(), ana, {
      valor: "R$ 11,00",
      file: shared,
      chavePix: "ana@agencia.digital",
    });

    expect(flagKinds((await detail(ctx(), fabio, twinA)).situacao)).toEqual(["duplicado", "pix_alterado"]);
    const explained = (await detail(ctx(), fabio, twinB)).situacao.alertas;
    expect(explained.find((f: { tipo: string }) => f.tipo === "duplicado").explicacao).toMatch(
      /^Outra solicitação da mesma pessoa com o mesmo valor \(R\$\u00a045,00\)/,
    );
    expect(flagKinds((await detail(ctx(), fabio, biaOwn)).situacao)).toEqual([
      "anexo_duplicado",
      "primeira_solicitacao",
    ]);
    expect(flagKinds((await detail(ctx(), fabio, anaCopy)).situacao)).toEqual(["anexo_duplicado"]);

    // A monthly limit on transport: Ana's month (80 + 45 + 45 + 11) is above R$ 150,00.
    const admin = await person(ctx(), "admin@agencia.digital", "Alice Admin");
    const setLimit = (who: Person, type: string, limite: unknown) =>
      ctx().app.inject({
        method: "PUT",
        url: `/api/admin/limites/reembolso/${type}`,
        headers: { cookie: who.cookie },
        payload: { limite },
      });
    expect((await setLimit(fabio, "transporte", 15000)).statusCode).toBe(403);
    expect((await setLimit(admin, "foguete", 15000)).json().fields).toEqual({
      tipoDespesa: "Tipo de despesa inválido",
    });
    expect((await setLimit(admin, "transporte", 0)).json().fields).toEqual({
      limite: "Informe um limite mensal válido",
    });
    expect((await setLimit(admin, "transporte", 15000)).statusCode).toBe(200);
    const listed = await ctx().app.inject({ url: "/api/admin/limites", headers: { cookie: admin.cookie } });
    expect(listed.json()).toEqual({
      limites: [{ tipo: "reembolso", tipoDespesa: "transporte", limite: 15000 }],
    });
    const limited = (await detail(ctx(), fabio, anaCopy)).situacao.alertas;
    expect(limited.map((f: { tipo: string }) => f.tipo).sort()).toEqual([
      "acima_do_limite",
      "anexo_duplicado",
    ]);

    // The queue shows the same flags, whole or filtered by kind (one kind is one branch of its query).
    const byKind = await ctx().app.inject({
      url: "/api/caixa?tipo=reembolso",
      headers: { cookie: fabio.cookie },
    });
    expect(byKind.statusCode, byKind.body).toBe(200);
    expect(byKind.json().items).toHaveLength(4);
    const queue = (await ctx().app.inject({ url: "/api/caixa", headers: { cookie: fabio.cookie } })).json();
    const item = queue.items.find((i: { id: string }) => i.id === twinA);
    expect(item.alertas.map((f: { tipo: string }) => f.tipo).sort()).toEqual([
      "acima_do_limite",
      "duplicado",
      "pix_alterado",
    ]);

    // With a grant on the page too, each paid kind's flags are its own (decision 015).
    // Someone who handles both kinds (teams joined before signing in: sessions keep the teams they started with).
    await joinTeam(ctx(), "financeiro", "gil@agencia.digital");
    await joinTeam(ctx(), "rh", "gil@agencia.digital");
    const gil = await person(ctx(), "gil@agencia.digital", "Gil Financeiro");
    const grant = await multipartBody(
      {
        titulo: "Curso de UX",
        tipo: "Cursos",
        valor: "R$ 45,00",
        linkPlataforma: "https://cursos.exemplo.com/ux",
        chavePix: "+5511999998888",
        valorAgregado: "Melhorar os protótipos",
      },
      [{ name: "ementa.pdf", type: "application/pdf", content: SAMPLE_PDF }],
    );
    const sent = await ctx().app.inject({
      method: "POST",
      url: "/api/solicitacoes/bolsa-capacitacao",
      headers: { cookie: ana.cookie, ...grant.headers },
      payload: grant.payload,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const both = (await ctx().app.inject({ url: "/api/caixa", headers: { cookie: gil.cookie } })).json();
    const flagsOf = (id: string) =>
      both.items
        .find((i: { id: string }) => i.id === id)
        .alertas.map((f: { tipo: string }) => f.tipo)
        .sort();
    // Its first of the kind, and a PIX key other than her last paid one, whatever kind that was.
    expect(flagsOf(sent.json().id)).toEqual(["pix_alterado", "primeira_solicitacao"]);
    expect(flagsOf(twinA)).toEqual(["acima_do_limite", "duplicado", "pix_alterado"]);

    // A refused twin is neither a duplicate nor spending: the month (80 + 45 + 11) is within the limit.
    await act(ctx(), fabio, twinB, { acao: "assumir" });
    await act(ctx(), fabio, twinB, { acao: "recusar", motivo: "Duplicada" });
    expect(flagKinds((await detail(ctx(), fabio, twinA)).situacao)).toEqual(["pix_alterado"]);
  });

  it("pays with a date, a method and a proof file; a future date is refused", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio Financeiro");
    await joinTeam(ctx(), "financeiro", fabio.email);
    const id = await sendReembolso(ctx(), ana, { chavePix: "ana@agencia.digital" });
    await act(ctx(), fabio, id, { acao: "assumir" });
    await act(ctx(), fabio, id, { acao: "aprovar", confirmarAlertas: true });

    const future = await act(ctx(), fabio, id, { acao: "marcar_pago", pagoEm: "2999-01-01" });
    expect(future.json().fields).toEqual({ pagoEm: "A data do pagamento não pode ser futura" });
    const before = await act(ctx(), fabio, id, { acao: "marcar_pago", pagoEm: "2020-01-01" });
    expect(before.json().fields).toEqual({
      pagoEm: "A data do pagamento não pode ser anterior à solicitação",
    });
    const badMethod = await act(ctx(), fabio, id, { acao: "marcar_pago", formaPagamento: "cheque" });
    expect(badMethod.json().fields).toEqual({ formaPagamento: "Escolha a forma de pagamento" });

    const today = todayInSaoPaulo();
    const body = await multipartBody(
      { acao: "marcar_pago", pagoEm: today, formaPagamento: "transferencia" },
      [{ field: "arquivo", name: "comprovante.png", content: SAMPLE_PNG, type: "image/png" }],
    );
    const paid = await ctx().app.inject({
      method: "POST",
      url: `/api/solicitacoes/reembolso/${id}/acoes`,
      headers: { cookie: fabio.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const seen = await detail(ctx(), ana, id);
    expect(seen.dados).toMatchObject({
      pagoEm: today,
      formaPagamento: "transferencia",
      valorAprovado: 15000,
    });
    const entry = seen.situacao.linhaDoTempo.at(-1);
    expect(entry.notas).toEqual([
      `Pago em ${today.split("-").reverse().join("/")} por Transferência bancária`,
    ]);
    expect(entry.anexos).toEqual([expect.objectContaining({ nome: "comprovante.png" })]);
    // The proof is not one of the request's own files (those the requester edits).
    expect(seen.anexos).toHaveLength(1);
    const [row] = (
      await ctx().database.db.execute(
        sql`select settled_by, settled_at is not null as settled from requests where id = ${id}`,
      )
    ).rows as { settled_by: string; settled: boolean }[];
    expect(row).toEqual({ settled_by: "Fábio Financeiro", settled: true });
  });

  it("bulk: an outsider is refused as a whole; allowed, each is moved and recorded on its own; the batch pays by person", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio Financeiro");
    const rita = await person(ctx(), "rita@agencia.digital", "Rita RH");
    await joinTeam(ctx(), "financeiro", fabio.email);
    await joinTeam(ctx(), "rh", rita.email);
    const flagged = await sendReembolso(ctx(), ana, { valor: "R$ 30,00", chavePix: "ana@agencia.digital" });
    const second = await sendReembolso(ctx(), ana, { valor: "R$ 40,00", chavePix: "ana@agencia.digital" });
    const third = await sendReembolso(ctx(), ana, { valor: "R$ 50,00", chavePix: "ana@agencia.digital" });
    for (const id of [flagged, second, third]) await act(ctx(), fabio, id, { acao: "assumir" });
    const itens = [flagged, second, third].map((id) => ({ tipo: "reembolso", id }));
    const bulk = (who: Person, payload: Record<string, unknown>) =>
      ctx().app.inject({
        method: "POST",
        url: "/api/caixa/em-lote",
        headers: { cookie: who.cookie },
        payload,
      });

    const outsider = await bulk(rita, { acao: "aprovar", itens });
    expect(outsider.statusCode).toBe(403);
    expect((await bulk(ana, { acao: "aprovar", itens })).statusCode).toBe(403);
    expect((await detail(ctx(), ana, second)).situacao.status).toBe("em_analise");
    expect((await bulk(fabio, { acao: "aprovar", itens: [] })).json().fields).toEqual({
      itens: "Escolha ao menos uma solicitação",
    });

    const approved = await bulk(fabio, { acao: "aprovar", itens });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().resultados).toEqual([
      {
        tipo: "reembolso",
        id: flagged,
        ok: false,
        status: "em_analise",
        erro: "Tem alertas: aprove individualmente, confirmando os alertas",
      },
      { tipo: "reembolso", id: second, ok: true, status: "aprovado", erro: null },
      { tipo: "reembolso", id: third, ok: true, status: "aprovado", erro: null },
    ]);
    const secondTimeline = (await detail(ctx(), ana, second)).situacao.linhaDoTempo;
    expect(secondTimeline.at(-1)).toMatchObject({ autor: "Fábio Financeiro", acao: "aprovar" });

    const batch = await ctx().app.inject({
      url: "/api/caixa/lote-pagamento",
      headers: { cookie: fabio.cookie },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.json().pessoas).toEqual([
      {
        solicitante: { nome: "Ana Souza", email: "ana@agencia.digital" },
        chavesPix: ["ana@agencia.digital"],
        total: 9000,
        itens: [
          expect.objectContaining({ id: second, valorAprovado: 4000 }),
          expect.objectContaining({ id: third, valorAprovado: 5000 }),
        ],
      },
    ]);
    expect(
      (await ctx().app.inject({ url: "/api/caixa/lote-pagamento", headers: { cookie: ana.cookie } }))
        .statusCode,
    ).toBe(403);

    const paid = await bulk(fabio, {
      acao: "marcar_pago",
      itens: batch.json().pessoas[0].itens.map((i: { tipo: string; id: string; versao: number }) => ({
        tipo: i.tipo,
        id: i.id,
        versao: i.versao,
      })),
      formaPagamento: "pix",
    });
    expect(paid.json().resultados.map((r: { ok: boolean; status: string }) => [r.ok, r.status])).toEqual([
      [true, "pago"],
      [true, "pago"],
    ]);
    expect((await detail(ctx(), ana, third)).dados).toMatchObject({
      formaPagamento: "pix",
      pagoEm: todayInSaoPaulo(),
    });
    const empty = await ctx().app.inject({
      url: "/api/caixa/lote-pagamento",
      headers: { cookie: fabio.cookie },
    });
    expect(empty.json().pessoas).toEqual([]);
  });
});
