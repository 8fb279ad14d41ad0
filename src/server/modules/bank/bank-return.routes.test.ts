import { expect, it } from "vitest";
import { todayInSaoPaulo } from "@/domain/dates";
import { returnFor } from "@/domain/finance/cnab240";
import { paymentReference } from "@/domain/finance/finance-desk";
import { describeWithApp } from "../../testing/test-app";
import {
  act,
  approvedPayment,
  BANK_ENV,
  bankPeople,
  detail,
  remit,
  remittanceText,
  setAccount,
  upload,
} from "./testing/bank-fixtures";

/*
 * 'Enviar retorno do banco' (docs/decisions/059): the bank's return file, made here by the
 * domain's bank simulator from our own remittance, marks each payment paid or gives it back.
 */

const latin1 = (text: string) => new Uint8Array(Buffer.from(text, "latin1"));

describeWithApp("the bank's return file", { env: BANK_ENV }, (ctx) => {
  async function sentTwo() {
    const people = await bankPeople(ctx());
    await setAccount(ctx(), people.admin);
    const a = await approvedPayment(ctx(), people.fin, people.ana, { valor: "R$ 84,36" });
    const b = await approvedPayment(ctx(), people.fin, people.bia, { valor: "R$ 30,00" });
    const made = await remit(ctx(), people.fin, [a, b]);
    expect(made.statusCode).toBe(201);
    return { ...people, a, b, text: await remittanceText(ctx(), people.fin, made.json().id) };
  }

  it("pays one on the bank's day and gives the other back to 'Aprovado' with the bank's words; the same file twice changes nothing", async () => {
    const { fin, ana, a, b, text } = await sentTwo();
    const today = todayInSaoPaulo();
    const bankFile = returnFor(text, {
      [paymentReference(a)]: { codes: ["00"], paidOn: today },
      [paymentReference(b)]: "AN",
    });
    const read = await upload(ctx(), fin, "/api/caixa/retornos", "RETORNO.RET", latin1(bankFile));
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      jaLido: false,
      pagos: [{ id: a, nome: "Ana Souza", valor: 8436 }],
      recusados: [
        { id: b, nome: "Beatriz Lima", valor: 3000, motivo: "CONTA CORRENTE DO FAVORECIDO INVÁLIDA" },
      ],
      agendados: 0,
      naoReconhecidos: [],
    });
    const paid = await detail(ctx(), ana, a);
    expect(paid.situacao.status).toBe("pago");
    expect(paid.dados.pagoEm).toBe(today);
    const back = await detail(ctx(), fin, b);
    expect(back.situacao.status).toBe("aprovado");
    expect(back.situacao.linhaDoTempo.at(-1)).toMatchObject({
      acao: "pagamento_recusado",
      motivo: "CONTA CORRENTE DO FAVORECIDO INVÁLIDA",
    });
    // Back in 'Lote de pagamento' to be fixed and sent again.
    const batch = (
      await ctx().app.inject({ url: "/api/caixa/lote-pagamento", headers: { cookie: fin.cookie } })
    ).json();
    expect(JSON.stringify(batch)).toContain(b);

    const again = await upload(ctx(), fin, "/api/caixa/retornos", "RETORNO.RET", latin1(bankFile));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ jaLido: true, pagos: [], recusados: [] });
    expect(again.json().naoReconhecidos[0].motivo).toMatch(
      /^Este arquivo de retorno já foi lido em .+: nada foi alterado\.$/,
    );
    expect((await detail(ctx(), fin, b)).situacao.status).toBe("aprovado");
  });

  it("reports what it cannot read or place, and guesses nothing; a scheduled payment stays with the bank", async () => {
    const { fin, a, b, text } = await sentTwo();
    const bankFile = returnFor(text, { [paymentReference(a)]: "BD", [paymentReference(b)]: "00" });
    const lines = bankFile.split("\r\n");
    // A line the bank added that is 239 characters long, and one of a payment we never sent.
    lines.splice(3, 0, "9".repeat(239));
    const read = await upload(ctx(), fin, "/api/caixa/retornos", "RETORNO.RET", latin1(lines.join("\r\n")));
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().agendados).toBe(1);
    expect(read.json().pagos.map((p: { id: string }) => p.id)).toEqual([b]);
    expect(read.json().naoReconhecidos).toHaveLength(1);
    expect(read.json().naoReconhecidos[0].linha).toBe(4);
    expect((await detail(ctx(), fin, a)).situacao.status).toBe("enviado_ao_banco");
  });

  it("leaves alone a payment settled by hand meanwhile, and says so; the others are applied", async () => {
    const { fin, a, b, text } = await sentTwo();
    // Finance learnt of Ana's payment first and marked it paid on its page.
    const byHand = await act(ctx(), fin, a, {
      acao: "marcar_pago",
      pagoEm: todayInSaoPaulo(),
      formaPagamento: "pix",
    });
    expect(byHand.statusCode, byHand.body).toBe(200);
    const bankFile = returnFor(text, { [paymentReference(a)]: "AN", [paymentReference(b)]: "00" });
    const read = await upload(ctx(), fin, "/api/caixa/retornos", "RETORNO.RET", latin1(bankFile));
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().pagos.map((p: { id: string }) => p.id)).toEqual([b]);
    expect(read.json().recusados).toEqual([]);
    expect(read.json().naoReconhecidos).toEqual([
      {
        linha: expect.any(Number),
        motivo: "O pagamento a Ana Souza já não estava com o banco (Pago): nada mudou nele.",
      },
    ]);
    expect((await detail(ctx(), fin, a)).situacao.status).toBe("pago");
    expect((await detail(ctx(), fin, b)).situacao.status).toBe("pago");
  });

  it("refuses a broken file in Portuguese (400), an oversized one with 413, and anyone but Finance", async () => {
    const { fin, rosa, ana, text } = await sentTwo();
    for (const junk of ["", "não é um arquivo CNAB", text.slice(0, 239)]) {
      const res = await upload(ctx(), fin, "/api/caixa/retornos", "X.RET", latin1(junk || " "));
      expect(res.statusCode, junk).toBe(400);
      expect(res.json().message).toMatch(/Arquivo de retorno inválido|Dados inválidos/);
      expect(res.body).not.toMatch(/Error|at \w+ \(/);
    }
    const big = await upload(
      ctx(),
      fin,
      "/api/caixa/retornos",
      "X.RET",
      new Uint8Array(6 * 1024 * 1024).fill(48),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().fields).toEqual({ arquivo: "O arquivo de retorno pode ter no máximo 5 MB" });
    for (const who of [rosa, ana])
      expect((await upload(ctx(), who, "/api/caixa/retornos", "X.RET", latin1(text))).statusCode).toBe(403);
  });
});
