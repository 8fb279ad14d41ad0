import { readdirSync } from "node:fs";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { todayInSaoPaulo } from "@/domain/dates";
import { buildApp } from "../../app";
import type { LiveEvent } from "../../live/bus";
import { startWebhookReceiver } from "../../outbox/testing/webhook-receiver";
import { createLocalStorage } from "../../storage/local-storage";
import { type MultipartFile, multipartBody, SAMPLE_EXE, SAMPLE_PDF } from "../../testing/multipart";
import { joinTeam, type Person, person } from "../../testing/people";
import { describeWithApp, TEST_WEBHOOK_SECRET, type TestContext } from "../../testing/test-app";
import { testPasswordHasher } from "../../testing/test-password-hasher";

const receiver = await startWebhookReceiver();

const env = {
  REQUIRE_EMAIL_VERIFICATION: "false",
  ADMIN_EMAILS: "admin@agencia.digital",
  WEBHOOK_STATUS_URL: receiver.url.replace(/\/hook$/, "/status"),
};

async function sendReembolso(ctx: TestContext, who: Person, valor = "R$ 150,00") {
  const body = await multipartBody(
    {
      data: todayInSaoPaulo(),
      tipo: "transporte",
      valor,
      centroCusto: "marketing",
      descricao: "Táxi para o cliente",
    },
    [{ name: "recibo.pdf", content: SAMPLE_PDF, type: "application/pdf" }],
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

async function sendSuporte(ctx: TestContext, who: Person, departamento: string) {
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/solicitacoes/suporte",
    headers: { cookie: who.cookie },
    payload: {
      departamento,
      assunto: "Acesso ao sistema",
      descricao: "Preciso de acesso ao sistema de ponto.",
      prioridade: "alta",
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

function act(ctx: TestContext, who: Person | null, kind: string, id: string, body: Record<string, unknown>) {
  return ctx.app.inject({
    method: "POST",
    url: `/api/solicitacoes/${kind}/${id}/acoes`,
    ...(who ? { headers: { cookie: who.cookie } } : {}),
    payload: body,
  });
}

function detail(ctx: TestContext, who: Person, kind: string, id: string) {
  return ctx.app.inject({ url: `/api/solicitacoes/${kind}/${id}`, headers: { cookie: who.cookie } });
}

function queue(ctx: TestContext, who: Person, query = "") {
  return ctx.app.inject({ url: `/api/caixa${query}`, headers: { cookie: who.cookie } });
}

const storedFiles = (ctx: TestContext): string[] => {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(`${dir}/${e.name}`) : [`${dir}/${e.name}`],
    );
  return walk(ctx.uploadsDir);
};

/** The scheduled work's clock: the daily summary is due from 8:00 in São Paulo. */
let clock = new Date();

describeWithApp("the review desk (decision 011)", { env, clock: () => clock }, (ctx) => {
  it("a reimbursement goes through the whole loop: taken, sent back, edited and resent, approved, paid", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio Financeiro");
    await joinTeam(ctx(), "financeiro", fabio.email);
    const id = await sendReembolso(ctx(), ana);

    // Finance hears of it: the queue, the count, the bell and an e-mail with the request's address.
    const listed = await queue(ctx(), fabio);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().items).toEqual([
      expect.objectContaining({
        tipo: "reembolso",
        id,
        status: "pendente",
        resumo: "Táxi para o cliente",
        valor: 15000,
        solicitante: { nome: "Ana Souza", email: ana.email },
        responsavel: null,
      }),
    ]);
    expect(
      (await ctx().app.inject({ url: "/api/caixa/contagem", headers: { cookie: fabio.cookie } })).json(),
    ).toEqual({ aguardando: 1 });
    const mail = await ctx().mail.waitFor(fabio.email, { subject: /Nova solicitação: Reembolso/ });
    expect(mail.links).toContain(`http://localhost:3000/solicitacoes/reembolso/${id}`);
    const bell = await ctx().app.inject({ url: "/api/notificacoes", headers: { cookie: fabio.cookie } });
    expect(bell.json()).toMatchObject({ naoLidas: 1, items: [{ tipo: "reembolso", solicitacaoId: id }] });

    // Both read the same address, each with their own moves.
    const forAna = (await detail(ctx(), ana, "reembolso", id)).json().situacao;
    expect(forAna).toMatchObject({ papel: "solicitante", status: "pendente", equipes: ["Financeiro"] });
    expect(forAna.acoes.map((a: { acao: string }) => a.acao)).toEqual(["cancelar"]);
    const forFabio = (await detail(ctx(), fabio, "reembolso", id)).json().situacao;
    expect(forFabio.acoes.map((a: { acao: string }) => a.acao)).toEqual(["assumir"]);

    const taken = await act(ctx(), fabio, "reembolso", id, { acao: "assumir", versao: 0 });
    expect(taken.statusCode).toBe(200);
    // Whoever has it is not offered 'Assumir' again.
    expect(taken.json().acoes.map((a: { acao: string }) => a.acao)).toEqual([
      "aprovar",
      "recusar",
      "pedir_ajuste",
    ]);
    const refusedWithoutReason = await act(ctx(), fabio, "reembolso", id, { acao: "pedir_ajuste" });
    expect(refusedWithoutReason.statusCode).toBe(400);
    expect(refusedWithoutReason.json().fields).toEqual({ motivo: "Informe o motivo" });
    const internal = await ctx().app.inject({
      method: "POST",
      url: `/api/solicitacoes/reembolso/${id}/comentarios`,
      headers: { cookie: fabio.cookie },
      payload: { texto: "Conferir com a política de táxi", interno: true },
    });
    expect(internal.statusCode).toBe(201);
    const sentBack = await act(ctx(), fabio, "reembolso", id, {
      acao: "pedir_ajuste",
      motivo: "O valor não confere com o recibo",
    });
    expect(sentBack.statusCode, sentBack.body).toBe(200);
    expect(sentBack.json()).toMatchObject({
      status: "aguardando_ajuste",
      responsavel: { nome: "Fábio Financeiro" },
    });

    // Ana is told, and never reads the internal note.
    const told = await ctx().mail.waitFor(ana.email, { subject: /Reembolso: Aguardando ajuste/ });
    expect(told.text).toContain("O valor não confere com o recibo");
    const anaView = (await detail(ctx(), ana, "reembolso", id)).json();
    expect(JSON.stringify(anaView)).not.toContain("política de táxi");
    expect(anaView.situacao.acoes.map((a: { acao: string }) => a.acao)).toEqual(["reenviar", "cancelar"]);
    expect((await detail(ctx(), fabio, "reembolso", id)).body).toContain("política de táxi");

    // 'Editar e reenviar': the value changes, the receipt stays; the timeline keeps what changed.
    const keep = anaView.anexos.map((a: { id: string }) => a.id);
    const edited = await multipartBody({
      data: todayInSaoPaulo(),
      tipo: "transporte",
      valor: "R$ 135,00",
      centroCusto: "marketing",
      descricao: "Táxi para o cliente",
      manterAnexos: JSON.stringify(keep),
    });
    const resent = await ctx().app.inject({
      method: "PUT",
      url: `/api/solicitacoes/reembolso/${id}`,
      headers: { cookie: ana.cookie, ...edited.headers },
      payload: edited.payload,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().status).toBe("em_analise");
    const edit = (resent.json().linhaDoTempo as { tipo: string; alteracoes: unknown }[]).find(
      (e) => e.tipo === "edicao",
    );
    expect(edit?.alteracoes).toEqual([{ campo: "Valor", de: "R$\u00a0150,00", para: "R$\u00a0135,00" }]);
    expect((await detail(ctx(), ana, "reembolso", id)).json().dados.valor).toBe(13500);

    // Ana's first reimbursement is flagged: approving asks for an explicit confirmation (decision 015).
    const unconfirmed = await act(ctx(), fabio, "reembolso", id, { acao: "aprovar" });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().fields).toEqual({
      confirmarAlertas: "Confirme que você verificou os alertas antes de aprovar",
    });
    expect(
      (await act(ctx(), fabio, "reembolso", id, { acao: "aprovar", confirmarAlertas: true })).statusCode,
    ).toBe(200);
    const paid = await act(ctx(), fabio, "reembolso", id, { acao: "marcar_pago" });
    expect(paid.json()).toMatchObject({ status: "pago", equipes: [], acoes: [] });

    // The whole timeline, in order, with names.
    const timeline = (await detail(ctx(), ana, "reembolso", id)).json().situacao.linhaDoTempo as {
      tipo: string;
      acao: string | null;
      autor: string;
    }[];
    expect(timeline.map((e) => [e.tipo, e.acao, e.autor])).toEqual([
      ["criada", null, "Ana Souza"],
      ["transicao", "assumir", "Fábio Financeiro"],
      ["transicao", "pedir_ajuste", "Fábio Financeiro"],
      ["edicao", null, "Ana Souza"],
      ["transicao", "reenviar", "Ana Souza"],
      ["transicao", "aprovar", "Fábio Financeiro"],
      ["transicao", "marcar_pago", "Fábio Financeiro"],
    ]);

    // Every state change went to WEBHOOK_STATUS_URL through the outbox, signed.
    receiver.received.splice(0);
    while ((await ctx().app.outbox.runOnce()) > 0) {}
    const changes = receiver.received
      .filter((r) => r.path === "/status")
      .map((r) => JSON.parse(r.body) as { solicitacao: { id: string }; de: string; para: string });
    expect(changes.filter((c) => c.solicitacao.id === id).map((c) => `${c.de}>${c.para}`)).toEqual([
      "pendente>em_analise",
      "em_analise>aguardando_ajuste",
      "aguardando_ajuste>em_analise",
      "em_analise>aprovado",
      "aprovado>pago",
    ]);
  });

  it("permissions: another team sees nothing, nobody decides their own request, administrators are not reviewers", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const rita = await person(ctx(), "rita@agencia.digital", "Rita RH");
    const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio Financeiro");
    const admin = await person(ctx(), "admin@agencia.digital", "Alice Admin");
    await joinTeam(ctx(), "rh", rita.email);
    await joinTeam(ctx(), "financeiro", fabio.email);
    await joinTeam(ctx(), "financeiro", admin.email);
    const id = await sendReembolso(ctx(), ana);
    const own = await sendReembolso(ctx(), fabio);

    // RH: an empty queue, and the request does not exist for them.
    expect((await queue(ctx(), rita)).json().items).toEqual([]);
    expect((await detail(ctx(), rita, "reembolso", id)).statusCode).toBe(404);
    expect((await act(ctx(), rita, "reembolso", id, { acao: "assumir" })).statusCode).toBe(404);
    // Someone in no team: no queue at all.
    expect((await queue(ctx(), ana)).statusCode).toBe(403);
    expect((await act(ctx(), null, "reembolso", id, { acao: "assumir" })).statusCode).toBe(401);

    // Fábio's own request is not in his queue, and he cannot take it.
    expect((await queue(ctx(), fabio)).json().items.map((i: { id: string }) => i.id)).toEqual([id]);
    const ownMove = await act(ctx(), fabio, "reembolso", own, { acao: "assumir" });
    expect(ownMove.statusCode).toBe(403);
    expect(ownMove.json().message).toBe("Ação não permitida");

    // The requester cannot make a reviewer's move, nor a reviewer the requester's.
    expect((await act(ctx(), ana, "reembolso", id, { acao: "assumir" })).statusCode).toBe(403);
    expect((await act(ctx(), fabio, "reembolso", id, { acao: "cancelar" })).statusCode).toBe(403);
    // A requester cannot write internal notes.
    const note = await ctx().app.inject({
      method: "POST",
      url: `/api/solicitacoes/reembolso/${id}/comentarios`,
      headers: { cookie: ana.cookie },
      payload: { texto: "Olá", interno: true },
    });
    expect(note.statusCode).toBe(403);
  });

  it("refuses moves the workflow does not allow with 409 and the current state; of two at once, one wins", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio Financeiro");
    const gil = await person(ctx(), "gil@agencia.digital", "Gil Financeiro");
    await joinTeam(ctx(), "financeiro", fabio.email);
    await joinTeam(ctx(), "financeiro", gil.email);
    const id = await sendReembolso(ctx(), ana);

    const early = await act(ctx(), fabio, "reembolso", id, { acao: "marcar_pago" });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: "STATE_CONFLICT", status: "pendente" });
    expect((await act(ctx(), fabio, "reembolso", id, { acao: "marcar_entregue" })).statusCode).toBe(403);

    const [a, b] = await Promise.all([
      act(ctx(), fabio, "reembolso", id, { acao: "assumir", versao: 0 }),
      act(ctx(), gil, "reembolso", id, { acao: "assumir", versao: 0 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [c, d] = await Promise.all([
      act(ctx(), fabio, "reembolso", id, { acao: "aprovar", confirmarAlertas: true }),
      act(ctx(), gil, "reembolso", id, { acao: "recusar", motivo: "Fora da política" }),
    ]);
    expect([c.statusCode, d.statusCode].sort()).toEqual([200, 409]);
    const final = (await detail(ctx(), ana, "reembolso", id)).json().situacao.status;
    expect(["aprovado", "recusado"]).toContain(final);
    const events = await ctx().database.db.execute(
      sql`select count(*)::int as n from events where subject_id = ${id} and type = 'transicao'`,
    );
    expect(events.rows[0]).toEqual({ n: 2 });
  });

  it("support tickets go to their department's team; resolved, then reopened within 7 days only", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const rita = await person(ctx(), "rita@agencia.digital", "Rita RH");
    await joinTeam(ctx(), "rh", rita.email);
    const rh = await sendSuporte(ctx(), ana, "RH");
    const financeiro = await sendSuporte(ctx(), ana, "Financeiro");
    expect((await queue(ctx(), rita)).json().items.map((i: { id: string }) => i.id)).toEqual([rh]);
    expect((await detail(ctx(), rita, "suporte", financeiro)).statusCode).toBe(404);

    expect((await act(ctx(), rita, "suporte", rh, { acao: "assumir" })).json().status).toBe("em_atendimento");
    expect(
      (await act(ctx(), rita, "suporte", rh, { acao: "pedir_informacao", motivo: "Qual sistema?" })).json()
        .status,
    ).toBe("aguardando_solicitante");
    expect((await act(ctx(), rita, "suporte", rh, { acao: "retomar" })).json().status).toBe("em_atendimento");
    expect((await act(ctx(), rita, "suporte", rh, { acao: "resolver" })).json().status).toBe("resolvido");
    expect((await act(ctx(), ana, "suporte", rh, { acao: "reabrir" })).statusCode).toBe(400);
    const reopened = await act(ctx(), ana, "suporte", rh, { acao: "reabrir", motivo: "Ainda sem acesso" });
    expect(reopened.json().status).toBe("em_atendimento");

    await act(ctx(), rita, "suporte", rh, { acao: "resolver" });
    await ctx().database.db.execute(
      sql`update requests set status_changed_at = now() - interval '8 days' where id = ${rh}`,
    );
    expect((await detail(ctx(), ana, "suporte", rh)).json().situacao.acoes).toEqual([]);
    const late = await act(ctx(), ana, "suporte", rh, { acao: "reabrir", motivo: "De novo" });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe("REOPEN_EXPIRED");
  });

  it("the requester cancels while Pendente, not once it is taken", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio Financeiro");
    await joinTeam(ctx(), "financeiro", fabio.email);
    const first = await sendReembolso(ctx(), ana);
    const second = await sendReembolso(ctx(), ana, "R$ 20,00");
    expect((await act(ctx(), ana, "reembolso", first, { acao: "cancelar" })).json().status).toBe("cancelada");
    await act(ctx(), fabio, "reembolso", second, { acao: "assumir" });
    const late = await act(ctx(), ana, "reembolso", second, { acao: "cancelar" });
    expect(late.statusCode).toBe(409);
    expect(late.json().status).toBe("em_analise");
    // Cancelled requests leave the queue.
    expect((await queue(ctx(), fabio)).json().items.map((i: { id: string }) => i.id)).toEqual([second]);
  });

  it("above the policy amount, approval also needs the policy's team, from someone else", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio Financeiro");
    const rita = await person(ctx(), "rita@agencia.digital", "Rita RH");
    await joinTeam(ctx(), "financeiro", fabio.email);
    await joinTeam(ctx(), "rh", rita.email);
    await joinTeam(ctx(), "rh", fabio.email);
    await ctx().database.db.execute(
      sql`insert into approval_policies (kind, threshold_cents, team_id) select 'reembolso', 100000, id from teams where key = 'rh'`,
    );
    const small = await sendReembolso(ctx(), ana, "R$ 999,00");
    const large = await sendReembolso(ctx(), ana, "R$ 1.500,00");
    await act(ctx(), fabio, "reembolso", small, { acao: "assumir" });
    expect(
      (await act(ctx(), fabio, "reembolso", small, { acao: "aprovar", confirmarAlertas: true })).json()
        .status,
    ).toBe("aprovado");

    await act(ctx(), fabio, "reembolso", large, { acao: "assumir" });
    const first = await act(ctx(), fabio, "reembolso", large, { acao: "aprovar", confirmarAlertas: true });
    expect(first.json()).toMatchObject({
      status: "em_analise",
      aguardandoAprovacaoDe: "RH",
      equipes: ["RH"],
    });
    // Fábio is in RH too, but the second approval must be someone else's.
    expect(
      (await act(ctx(), fabio, "reembolso", large, { acao: "aprovar", confirmarAlertas: true })).statusCode,
    ).toBe(403);
    expect((await queue(ctx(), rita)).json().items).toEqual([
      expect.objectContaining({ id: large, aguardandoAprovacaoDe: "RH" }),
    ]);
    expect(
      (await act(ctx(), rita, "reembolso", large, { acao: "aprovar", confirmarAlertas: true })).json(),
    ).toMatchObject({
      status: "aprovado",
      aguardandoAprovacaoDe: null,
    });
  });

  it("a page analysis is concluded with its result; team members who chose it get one summary a day", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const mara = await person(ctx(), "mara@agencia.digital", "Mara Marketing");
    await joinTeam(ctx(), "marketing", mara.email);
    const prefs = await ctx().app.inject({
      method: "PUT",
      url: "/api/notificacoes/preferencias",
      headers: { cookie: mara.cookie },
      payload: { novasSolicitacoes: "resumo_diario" },
    });
    expect(prefs.json()).toEqual({ novasSolicitacoes: "resumo_diario" });
    const sent = await ctx().app.inject({
      method: "POST",
      url: "/api/solicitacoes/seo",
      headers: { cookie: ana.cookie },
      payload: { url: "https://www.exemplo.com.br", tipoAnalise: "analise-tecnica" },
    });
    const id = sent.json().id as string;
    await act(ctx(), mara, "seo", id, { acao: "assumir" });
    const empty = await act(ctx(), mara, "seo", id, { acao: "concluir", resultado: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ resultado: "Escreva o resultado da análise" });
    const done = await act(ctx(), mara, "seo", id, {
      acao: "concluir",
      resultado: "Títulos duplicados em 3 páginas",
    });
    expect(done.json().status).toBe("concluida");
    expect((await detail(ctx(), ana, "seo", id)).json().dados.resposta).toBe(
      "Títulos duplicados em 3 páginas",
    );
    // No e-mail at once for Mara: she chose the daily summary.
    expect(ctx().mail.mails.filter((m) => m.to.includes(mara.email))).toEqual([]);
    await ctx().database.db.execute(
      sql`update notification_preferences set last_digest_at = now() - interval '1 day' where email = ${mara.email}`,
    );
    // Before 8:00 in São Paulo nothing goes; from 8:00, one summary, once.
    const today = todayInSaoPaulo(new Date());
    clock = new Date(`${today}T07:59:00-03:00`);
    expect(await ctx().app.jobs.runOnce("daily-summary")).toBe(0);
    clock = new Date(`${today}T08:01:00-03:00`);
    expect(await ctx().app.jobs.runOnce("daily-summary")).toBe(1);
    const summary = await ctx().mail.waitFor(mara.email, { subject: /Resumo do dia: 1 solicitação nova/ });
    expect(summary.text).toContain("Análise de páginas");
    expect(await ctx().app.jobs.runOnce("daily-summary")).toBe(0);
    clock = new Date();
  });

  it("an analysis is concluded with its result and a file the requester reads; a refused move keeps no file", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const mara = await person(ctx(), "mara@agencia.digital", "Mara Marketing");
    const rita = await person(ctx(), "rita@agencia.digital", "Rita RH");
    await joinTeam(ctx(), "marketing", mara.email);
    await joinTeam(ctx(), "rh", rita.email);
    const sent = await ctx().app.inject({
      method: "POST",
      url: "/api/solicitacoes/seo",
      headers: { cookie: ana.cookie },
      payload: { url: "https://www.exemplo.com.br", tipoAnalise: "analise-tecnica" },
    });
    const id = sent.json().id as string;
    const taken = await act(ctx(), mara, "seo", id, { acao: "assumir" });
    const actForm = async (who: Person, fields: Record<string, string>, file?: MultipartFile) => {
      const body = await multipartBody(fields, file ? [{ field: "arquivo", ...file }] : []);
      return ctx().app.inject({
        method: "POST",
        url: `/api/solicitacoes/seo/${id}/acoes`,
        headers: { cookie: who.cookie, ...body.headers },
        payload: body.payload,
      });
    };
    const report = { name: "relatório final.pdf", content: SAMPLE_PDF, type: "application/pdf" };

    // Refused moves: each answers why, the request stays where it was, and the file is gone.
    const notADocument = await actForm(
      mara,
      { acao: "concluir", resultado: "Ok" },
      { name: "relatorio.pdf", content: SAMPLE_EXE, type: "application/pdf" },
    );
    expect(notADocument.statusCode).toBe(400);
    expect(notADocument.json().fields).toEqual({
      arquivo: "Formatos de arquivo aceitos: PDF, DOC, DOCX, JPG ou PNG",
    });
    const noResult = await actForm(mara, { acao: "concluir", resultado: " " }, report);
    expect(noResult.json().fields).toEqual({ resultado: "Escreva o resultado da análise" });
    const refusing = await actForm(mara, { acao: "recusar", motivo: "URL fora do ar" }, report);
    expect(refusing.statusCode).toBe(400);
    expect(refusing.json().fields).toEqual({ arquivo: "Esta ação não recebe arquivo" });
    const byTheAuthor = await actForm(ana, { acao: "concluir", resultado: "Feito" }, report);
    expect(byTheAuthor.statusCode).toBe(403);
    const byAnotherTeam = await actForm(rita, { acao: "concluir", resultado: "Feito" }, report);
    expect(byAnotherTeam.statusCode).toBe(404);
    const stale = await actForm(mara, { acao: "concluir", resultado: "Feito", versao: "0" }, report);
    expect(stale.statusCode).toBe(409);
    expect(storedFiles(ctx())).toEqual([]);
    expect((await detail(ctx(), ana, "seo", id)).json().situacao.status).toBe("em_analise");

    const done = await actForm(
      mara,
      { acao: "concluir", resultado: "Títulos duplicados em 3 páginas", versao: String(taken.json().versao) },
      report,
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().status).toBe("concluida");
    expect(storedFiles(ctx())).toHaveLength(1);

    // The requester sees the result beside the move that brought it, and reads the file.
    const page = (await detail(ctx(), ana, "seo", id)).json();
    expect(page.dados.resposta).toBe("Títulos duplicados em 3 páginas");
    expect(page.anexos).toEqual([]);
    const concluded = page.situacao.linhaDoTempo.find((e: { acao: string }) => e.acao === "concluir");
    expect(concluded.texto).toBe("Títulos duplicados em 3 páginas");
    expect(concluded.anexos).toEqual([
      expect.objectContaining({ nome: "relatório final.pdf", contentType: "application/pdf" }),
    ]);
    const url = concluded.anexos[0].url as string;
    const read = await ctx().app.inject({ url, headers: { cookie: ana.cookie } });
    expect(read.statusCode).toBe(200);
    expect(read.body).toBe(SAMPLE_PDF);
    expect((await ctx().app.inject({ url, headers: { cookie: mara.cookie } })).statusCode).toBe(200);
    expect((await ctx().app.inject({ url, headers: { cookie: rita.cookie } })).statusCode).toBe(404);
  });

  it("the reviewers read the request's files, previewed in the page; another team gets 404", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio Financeiro");
    const rita = await person(ctx(), "rita@agencia.digital", "Rita RH");
    await joinTeam(ctx(), "financeiro", fabio.email);
    await joinTeam(ctx(), "rh", rita.email);
    const id = await sendReembolso(ctx(), ana);
    const [file] = (await detail(ctx(), ana, "reembolso", id)).json().anexos;
    const read = (who: Person, query = "") =>
      ctx().app.inject({ url: `${file.url}${query}`, headers: { cookie: who.cookie } });

    const download = await read(fabio);
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-disposition"]).toMatch(/^attachment; /);
    const preview = await read(fabio, "?ver=1");
    expect(preview.statusCode).toBe(200);
    expect(preview.headers["content-type"]).toBe("application/pdf");
    expect(preview.headers["content-disposition"]).toMatch(/^inline; filename="recibo\.pdf"/);
    expect(preview.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(preview.body).toBe(SAMPLE_PDF);
    expect((await read(ana, "?ver=1")).statusCode).toBe(200);
    // Not their team's request: as if it did not exist.
    expect((await read(rita)).statusCode).toBe(404);
    expect((await read(rita, "?ver=1")).statusCode).toBe(404);
  });

  it("the bell is each person's own: read state per user", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio Financeiro");
    await joinTeam(ctx(), "financeiro", fabio.email);
    const id = await sendReembolso(ctx(), ana);
    await act(ctx(), fabio, "reembolso", id, { acao: "assumir" });
    await act(ctx(), fabio, "reembolso", id, { acao: "recusar", motivo: "Sem recibo legível" });
    const bell = (
      await ctx().app.inject({ url: "/api/notificacoes", headers: { cookie: ana.cookie } })
    ).json();
    expect(bell.naoLidas).toBe(1);
    expect(bell.items[0]).toMatchObject({ titulo: "Reembolso: Recusado", texto: "Sem recibo legível" });
    // Fábio marking Ana's notification read changes nothing of hers.
    await ctx().app.inject({
      method: "POST",
      url: "/api/notificacoes/lidas",
      headers: { cookie: fabio.cookie },
      payload: { ids: [bell.items[0].id] },
    });
    expect(
      (await ctx().app.inject({ url: "/api/notificacoes", headers: { cookie: ana.cookie } })).json().naoLidas,
    ).toBe(1);
    await ctx().app.inject({
      method: "POST",
      url: "/api/notificacoes/lidas",
      headers: { cookie: ana.cookie },
      payload: {},
    });
    expect(
      (await ctx().app.inject({ url: "/api/notificacoes", headers: { cookie: ana.cookie } })).json().naoLidas,
    ).toBe(0);
  });

  it("publishes a live event for each change; on PostgreSQL a second instance hears it", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio Financeiro");
    await joinTeam(ctx(), "financeiro", fabio.email);
    const id = await sendReembolso(ctx(), ana);

    const second =
      ctx().kind === "postgres"
        ? await buildApp({
            config: ctx().config,
            database: ctx().database,
            authSecret: "test-secret-test-secret-test-secret-0123",
            passwordHasher: testPasswordHasher,
            webhookSecret: TEST_WEBHOOK_SECRET,
            storage: createLocalStorage(ctx().uploadsDir),
            startOutboxWorker: false,
            webRoot: null,
          })
        : null;
    const listening = second ?? ctx().app;
    await listening.ready();
    const heard: LiveEvent[] = [];
    const unsubscribe = listening.liveBus.subscribe((event) => heard.push(event));
    try {
      // PostgreSQL's LISTEN connection may still be starting: wait until a published probe comes back.
      await waitUntil(async () => {
        await ctx().app.liveBus.publish({ type: "notification", userIds: ["probe"] });
        return heard.some((e) => e.type === "notification" && e.userIds.includes("probe"));
      });
      await act(ctx(), fabio, "reembolso", id, { acao: "assumir" });
      await waitUntil(async () => heard.some((e) => e.type === "request" && e.id === id));
      const event = heard.find((e) => e.type === "request" && e.id === id) as Extract<
        LiveEvent,
        { type: "request" }
      >;
      expect(event.userIds).toEqual([ana.user.id]);
      expect(event.teamIds).toHaveLength(1);
    } finally {
      unsubscribe();
      await second?.close();
    }
  });
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}
