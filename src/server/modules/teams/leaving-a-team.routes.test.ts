import { expect, it } from "vitest";
import { multipartBody, SAMPLE_PDF } from "../../testing/multipart";
import { type Person, person, setFinanceiro } from "../../testing/people";
import { sendReembolso } from "../../testing/requests";
import { describeWithApp, type TestContext } from "../../testing/test-app";

/*
 * Decision 030: whoever is removed from a team leaves its data at once — its bell and its
 * e-mails, those of the requests they had taken included, and the files they stored as one of
 * its reviewers.
 */

const env = { REQUIRE_EMAIL_VERIFICATION: "false", ADMIN_EMAILS: "admin@agencia.digital" };

async function act(ctx: TestContext, who: Person, id: string, fields: Record<string, string>, file = false) {
  const body = await multipartBody(
    fields,
    file ? [{ field: "arquivo", name: "comprovante.pdf", content: SAMPLE_PDF, type: "application/pdf" }] : [],
  );
  const response = await ctx.app.inject({
    method: "POST",
    url: `/api/solicitacoes/reembolso/${id}/acoes`,
    headers: { cookie: who.cookie, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const bell = async (ctx: TestContext, who: Person) =>
  (await ctx.app.inject({ url: "/api/notificacoes", headers: { cookie: who.cookie } })).json() as {
    naoLidas: number;
    items: { solicitacaoId: string; titulo: string }[];
  };

describeWithApp("Leaving a team leaves its data (decision 030)", { env }, (ctx) => {
  it("no more bell or e-mail from the team once removed, not even for the request they had taken", async () => {
    const admin = await person(ctx(), "admin@agencia.digital", "Alice Admin");
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio Financeiro");
    const gil = await person(ctx(), "gil@agencia.digital", "Gil Financeiro");
    await setFinanceiro(ctx(), admin, [fabio.email, gil.email]);

    const taken = await sendReembolso(ctx(), ana);
    await ctx().mail.waitFor(fabio.email, { subject: /Nova solicitação: Reembolso/ });
    await act(ctx(), fabio, taken, { acao: "assumir" });
    const comment = (texto: string) =>
      ctx().app.inject({
        method: "POST",
        url: `/api/solicitacoes/reembolso/${taken}/comentarios`,
        headers: { cookie: ana.cookie },
        payload: { texto },
      });
    // While a member, the one who took it hears of the requester's comment.
    expect((await comment("Segue o recibo")).statusCode).toBe(201);
    const heard = (await bell(ctx(), fabio)).items.length;
    expect((await bell(ctx(), fabio)).items[0]).toMatchObject({ solicitacaoId: taken });

    await setFinanceiro(ctx(), admin, [gil.email]);
    ctx().mail.clear();
    expect((await comment("Alguma novidade?")).statusCode).toBe(201);
    const fresh = await sendReembolso(ctx(), ana, { descricao: "Almoço com o cliente" });

    // Gil, still in Financeiro, hears of both; Fábio of neither.
    expect((await bell(ctx(), gil)).items.map((n) => n.solicitacaoId)).toEqual(
      expect.arrayContaining([taken, fresh]),
    );
    expect((await bell(ctx(), fabio)).items).toHaveLength(heard);
    await ctx().mail.waitFor(gil.email, { subject: /Nova solicitação: Reembolso/ });
    expect(ctx().mail.mails.filter((m) => m.to.includes(fabio.email))).toEqual([]);
  });

  it("a reviewer removed from the team no longer reads the files they stored for it", async () => {
    const admin = await person(ctx(), "admin@agencia.digital", "Alice Admin");
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio Financeiro");
    const gil = await person(ctx(), "gil@agencia.digital", "Gil Financeiro");
    await setFinanceiro(ctx(), admin, [fabio.email, gil.email]);
    const id = await sendReembolso(ctx(), ana);
    await act(ctx(), fabio, id, { acao: "assumir" });
    await act(ctx(), fabio, id, { acao: "aprovar", confirmarAlertas: "true" });
    const paid = await act(ctx(), fabio, id, { acao: "marcar_pago" }, true);
    const proof = (paid.linhaDoTempo as { acao: string | null; anexos: { url: string }[] }[]).find(
      (e) => e.acao === "marcar_pago",
    )!.anexos[0]!;
    const read = (who: Person) => ctx().app.inject({ url: proof.url, headers: { cookie: who.cookie } });
    expect((await read(fabio)).statusCode).toBe(200);

    await setFinanceiro(ctx(), admin, [gil.email]);
    const refused = await read(fabio);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: "Recurso não encontrado" });
    // The requester and the team still read it.
    expect((await read(ana)).statusCode).toBe(200);
    expect((await read(gil)).statusCode).toBe(200);
  });
});
