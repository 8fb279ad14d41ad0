import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { formatDateBR, todayInSaoPaulo } from "@/domain/dates";
import { detailRows } from "@/domain/requests/detail-rows";
import { multipartBody, SAMPLE_PDF } from "../../testing/multipart";
import { joinTeam, type Person, person } from "../../testing/people";
import { describeWithApp, secondInstance, type TestContext } from "../../testing/test-app";

/*
 * The receipt's own data on a reimbursement: the NF-e/NFC-e access key is kept and shown to the
 * reviewers with the SEFAZ address, and a note reimburses once, whoever filed it first.
 */

// Public RS NFC-e keys (their check digits hold).
const KEY = "43161275315333012115655130000089011048579176";
const OTHER_KEY = "43170495597571000242650190000478471125701799";
const QR = `https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx?chNFe=${KEY}&nVersao=100&tpAmb=1&dhEmi=323031362d31322d30325431353a33313a30372d30323a3030&vNF=84.36&vICMS=0.00&digVal=4a6b&cIdToken=000001&cHashQRCode=0123456789abcdef0123456789abcdef01234567`;
const USED = `Esta nota fiscal já foi usada em outra solicitação (enviada em ${formatDateBR(todayInSaoPaulo())}).`;

async function file(ctx: TestContext, who: Person, chaveNota: string, headers: Record<string, string> = {}) {
  const body = await multipartBody(
    {
      data: todayInSaoPaulo(),
      tipo: "alimentacao",
      valor: "R$ 84,36",
      centroCusto: "marketing",
      descricao: "Almoço com o cliente",
      chaveNota,
    },
    [{ name: "nota.pdf", content: SAMPLE_PDF, type: "application/pdf" }],
  );
  return ctx.app.inject({
    method: "POST",
    url: "/api/solicitacoes/reembolso",
    headers: { cookie: who.cookie, ...body.headers, ...headers },
    payload: body.payload,
  });
}

const act = (ctx: TestContext, who: Person, id: string, body: Record<string, unknown>) =>
  ctx.app.inject({
    method: "POST",
    url: `/api/solicitacoes/reembolso/${id}/acoes`,
    headers: { cookie: who.cookie },
    payload: body,
  });

describeWithApp("the receipt's access key on a reimbursement", {}, (ctx) => {
  it("keeps the key and shows the reviewers the issuer and 'Consultar na SEFAZ'", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const fin = await person(ctx(), "fin@agencia.digital", "Fernanda Dias");
    await joinTeam(ctx(), "financeiro", fin.email);
    const sent = await file(ctx(), ana, QR);
    expect(sent.statusCode, sent.body).toBe(201);
    const page = await ctx().app.inject({
      url: `/api/solicitacoes/reembolso/${sent.json().id}`,
      headers: { cookie: fin.cookie },
    });
    const { dados, situacao } = page.json() as {
      dados: Record<string, unknown>;
      situacao: { alertas: { tipo: string; explicacao: string }[] };
    };
    // Issued in December 2016, for an expense of today: a flag for Finance.
    expect(situacao.alertas).toContainEqual(
      expect.objectContaining({ tipo: "nota_de_outro_mes", explicacao: expect.stringContaining("12/2016") }),
    );
    expect(dados).toMatchObject({ chaveNota: KEY, notaUrl: QR, notaEmitente: "75.315.333/0121-15" });
    // As the request's page draws them (the kind's detail list).
    expect(detailRows("reembolso", dados)).toEqual(
      expect.arrayContaining([
        {
          key: "chaveNota",
          label: "Chave de acesso da nota",
          text: "4316 1275 3153 3301 2115 6551 3000 0089 0110 4857 9176",
          wide: true,
        },
        expect.objectContaining({ label: "Emitente", text: "75.315.333/0121-15" }),
        expect.objectContaining({ label: "Nota fiscal", text: "Consultar na SEFAZ", href: QR }),
      ]),
    );
  });

  it("refuses a note already on anyone's live request, saying when it was sent and nothing of whose", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const bia = await person(ctx(), "bia@agencia.digital", "Bia Lima");
    expect((await file(ctx(), ana, KEY)).statusCode).toBe(201);
    for (const [who, typed] of [
      [bia, QR],
      [ana, KEY.replace(/(.{4})/g, "$1 ").trim()],
    ] as const) {
      const again = await file(ctx(), who, typed);
      expect(again.statusCode).toBe(400);
      expect(again.json().fields).toEqual({ chaveNota: USED });
      expect(again.body).not.toContain("Ana");
    }
    expect((await file(ctx(), bia, OTHER_KEY)).statusCode).toBe(201);
    const invalid = await file(ctx(), bia, `${KEY.slice(0, 43)}0`);
    expect(invalid.json().fields).toEqual({ chaveNota: "Chave de acesso inválida" });
  });

  it("frees the note once its request is refused or cancelled", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const bia = await person(ctx(), "bia@agencia.digital", "Bia Lima");
    const fin = await person(ctx(), "fin@agencia.digital", "Fernanda Dias");
    await joinTeam(ctx(), "financeiro", fin.email);
    const first = (await file(ctx(), ana, KEY)).json().id as string;
    expect((await act(ctx(), ana, first, { acao: "cancelar" })).statusCode).toBe(200);
    const second = await file(ctx(), bia, KEY);
    expect(second.statusCode).toBe(201);
    const id = second.json().id as string;
    expect((await act(ctx(), fin, id, { acao: "assumir" })).statusCode).toBe(200);
    expect((await act(ctx(), fin, id, { acao: "recusar", motivo: "Nota de outra despesa" })).statusCode).toBe(
      200,
    );
    expect((await file(ctx(), ana, KEY)).statusCode).toBe(201);
  });

  it("a retried send with its Idempotency-Key answers the same request, not 'already used'", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const first = await file(ctx(), ana, KEY, { "idempotency-key": "recibo-1" });
    const retry = await file(ctx(), ana, KEY, { "idempotency-key": "recibo-1" });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().id).toBe(first.json().id);
  });

  it("'Editar e reenviar' with a note another request holds is refused too", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const bia = await person(ctx(), "bia@agencia.digital", "Bia Lima");
    const fin = await person(ctx(), "fin@agencia.digital", "Fernanda Dias");
    await joinTeam(ctx(), "financeiro", fin.email);
    expect((await file(ctx(), bia, KEY)).statusCode).toBe(201);
    const id = (await file(ctx(), ana, OTHER_KEY)).json().id as string;
    await act(ctx(), fin, id, { acao: "assumir" });
    expect((await act(ctx(), fin, id, { acao: "pedir_ajuste", motivo: "Falta a nota" })).statusCode).toBe(
      200,
    );
    const body = await multipartBody({
      data: todayInSaoPaulo(),
      tipo: "alimentacao",
      valor: "R$ 84,36",
      centroCusto: "marketing",
      descricao: "Almoço com o cliente",
      chaveNota: KEY,
    });
    const edited = await ctx().app.inject({
      method: "PUT",
      url: `/api/solicitacoes/reembolso/${id}`,
      headers: { cookie: ana.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().fields).toEqual({ chaveNota: USED });
  });

  it("two people sending the same note at once, on two instances: one is stored", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const bia = await person(ctx(), "bia@agencia.digital", "Bia Lima");
    const other = ctx().kind === "postgres" ? await secondInstance(ctx()) : ctx().app;
    try {
      const body = async () =>
        multipartBody(
          {
            data: todayInSaoPaulo(),
            tipo: "alimentacao",
            valor: "R$ 84,36",
            centroCusto: "marketing",
            descricao: "Almoço com o cliente",
            chaveNota: KEY,
          },
          [{ name: "nota.pdf", content: SAMPLE_PDF, type: "application/pdf" }],
        );
      const [a, b] = [await body(), await body()];
      const answers = await Promise.all([
        ctx().app.inject({
          method: "POST",
          url: "/api/solicitacoes/reembolso",
          headers: { cookie: ana.cookie, ...a.headers },
          payload: a.payload,
        }),
        other.inject({
          method: "POST",
          url: "/api/solicitacoes/reembolso",
          headers: { cookie: bia.cookie, ...b.headers },
          payload: b.payload,
        }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
      expect(answers.find((r) => r.statusCode === 400)!.json().fields).toEqual({ chaveNota: USED });
      const stored = await ctx().database.db.execute(
        sql`select count(*)::int as n from requests where dados->>'chaveNota' = ${KEY}`,
      );
      expect(stored.rows[0]).toEqual({ n: 1 });
    } finally {
      if (other !== ctx().app) await other.close();
    }
  });
});
