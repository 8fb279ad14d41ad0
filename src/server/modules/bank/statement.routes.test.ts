import { expect, it } from "vitest";
import { todayInSaoPaulo } from "@/domain/dates";
import { returnFor } from "@/domain/finance/cnab240";
import { paymentReference } from "@/domain/finance/finance-desk";
import { describeWithApp, type TestContext } from "../../testing/test-app";
import { askAdvance, payAdvance } from "../advances/testing/advance-fixtures";
import {
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
 * 'Conciliar extrato' (docs/decisions/059): a statement's debits matched to the payments made;
 * each match confirmed with one click lands on the request's timeline, for the team only.
 */

const ofxDate = (iso: string) => `${iso.replaceAll("-", "")}120000[-3:BRT]`;

/** An OFX 1.x statement (Windows-1252) of the agency's account with these debits. */
function statement(entries: { fitid: string; day: string; cents: number; memo: string }[]) {
  const body = entries
    .map(
      (e) =>
        `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>${ofxDate(e.day)}<TRNAMT>-${(e.cents / 100).toFixed(2)}<FITID>${e.fitid}<MEMO>${e.memo}</STMTTRN>`,
    )
    .join("\r\n");
  const text = [
    "OFXHEADER:100",
    "DATA:OFXSGML",
    "VERSION:102",
    "SECURITY:NONE",
    "ENCODING:USASCII",
    "CHARSET:1252",
    "COMPRESSION:NONE",
    "OLDFILEUID:NONE",
    "NEWFILEUID:NONE",
    "",
    "<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>BRL",
    "<BANKACCTFROM><BANKID>0341<ACCTID>45678-9<ACCTTYPE>CHECKING</BANKACCTFROM>",
    `<BANKTRANLIST><DTSTART>${ofxDate("2020-01-01")}<DTEND>${ofxDate(todayInSaoPaulo())}`,
    body,
    "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>",
  ].join("\r\n");
  return new Uint8Array(Buffer.from(text, "latin1"));
}

describeWithApp("reconciling the bank statement", { env: BANK_ENV }, (ctx) => {
  /** Two payments made through the bank and confirmed by its return. */
  async function paidTwo(c: TestContext) {
    const people = await bankPeople(c);
    await setAccount(c, people.admin);
    const a = await approvedPayment(c, people.fin, people.ana, { valor: "R$ 84,36" });
    const b = await approvedPayment(c, people.fin, people.bia, { valor: "R$ 30,00" });
    const made = await remit(c, people.fin, [a, b]);
    const bankFile = returnFor(await remittanceText(c, people.fin, made.json().id));
    const read = await upload(
      c,
      people.fin,
      "/api/caixa/retornos",
      "R.RET",
      new Uint8Array(Buffer.from(bankFile, "latin1")),
    );
    expect(read.json().pagos).toHaveLength(2);
    return { ...people, a, b };
  }

  it("suggests by txid and by name, lists the rest, and confirms one click onto the team's timeline", async () => {
    const { fin, ana, a, b } = await paidTwo(ctx());
    const today = todayInSaoPaulo();
    const file = statement([
      { fitid: "F1", day: today, cents: 8436, memo: `PIX ENVIADO ${paymentReference(a)}` },
      { fitid: "F2", day: today, cents: 3000, memo: "PIX TRANSF BEATRIZ LIMA" },
      { fitid: "F3", day: today, cents: 99999, memo: "TARIFA BANCARIA" },
    ]);
    const read = await upload(ctx(), fin, "/api/caixa/extratos", "extrato.ofx", file);
    expect(read.statusCode, read.body).toBe(200);
    const result = read.json();
    expect(result.lancamentos).toBe(3);
    expect(
      result.sugestoes.map(
        (s: { lancamento: { fitid: string }; pagamento: { id: string }; confianca: string }) => [
          s.lancamento.fitid,
          s.pagamento.id,
          s.confianca,
        ],
      ),
    ).toEqual([
      ["F1", a, "txid"],
      ["F2", b, "name"],
    ]);
    expect(result.lancamentosSemPar.map((e: { fitid: string }) => e.fitid)).toEqual(["F3"]);
    expect(result.pagamentosSemPar).toEqual([]);

    const confirm = (fitid: string, id: string) =>
      ctx().app.inject({
        method: "POST",
        url: `/api/caixa/extratos/${result.id}/conciliar`,
        headers: { cookie: fin.cookie },
        payload: { fitid, tipo: "reembolso", id },
      });
    expect((await confirm("F1", a)).statusCode).toBe(200);
    const team = await detail(ctx(), fin, a);
    expect(team.situacao.linhaDoTempo.at(-1)).toMatchObject({ tipo: "conciliacao", interno: true });
    expect(team.situacao.linhaDoTempo.at(-1).notas[0]).toMatch(
      /^Conciliado com o extrato: .+R\$\u00a084,36 — PIX ENVIADO/,
    );
    // Back-office work: the requester's timeline does not show it.
    const mine = await detail(ctx(), ana, a);
    expect(mine.situacao.linhaDoTempo.some((e: { tipo: string }) => e.tipo === "conciliacao")).toBe(false);
    // Each side once; a wrong amount is refused.
    expect((await confirm("F1", a)).json().description).toBe("Este lançamento já foi conciliado.");
    expect((await confirm("F2", a)).json().description).toBe("Este pagamento já foi conciliado.");
    const wrong = await confirm("F3", b);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().description).toBe("O valor do lançamento é diferente do valor pago.");
    // The next statement no longer offers what was reconciled.
    const next = await upload(ctx(), fin, "/api/caixa/extratos", "extrato.ofx", file);
    expect(next.json().sugestoes.map((s: { pagamento: { id: string } }) => s.pagamento.id)).toEqual([b]);
  });

  it("refuses a broken statement in Portuguese (400), a 50 MB one with 413, and anyone but Finance", async () => {
    const { fin, rosa, ana } = await paidTwo(ctx());
    for (const junk of ["%PDF-1.4 não é OFX", "OFXHEADER:100\r\n<OFX><BANKTRANLIST><STMTTRN><TRNAMT>1e9"]) {
      const res = await upload(ctx(), fin, "/api/caixa/extratos", "x.ofx", junk);
      expect(res.statusCode).toBe(400);
      expect(res.json().description).toMatch(/^Arquivo OFX inválido/);
    }
    const huge = await upload(
      ctx(),
      fin,
      "/api/caixa/extratos",
      "x.ofx",
      new Uint8Array(50 * 1024 * 1024).fill(65),
    );
    expect(huge.statusCode).toBe(413);
    for (const who of [rosa, ana]) {
      expect((await upload(ctx(), who, "/api/caixa/extratos", "x.ofx", statement([]))).statusCode).toBe(403);
    }
  });

  it("a cash advance paid and awaiting its settlement is a payment the statement reconciles", async () => {
    const { fin, bia } = await bankPeople(ctx());
    const id = await askAdvance(ctx(), bia, { valor: "R$ 450,00" });
    await payAdvance(ctx(), fin, id);
    const today = todayInSaoPaulo();
    const file = statement([{ fitid: "A1", day: today, cents: 45000, memo: "PIX TRANSF BEATRIZ LIMA" }]);
    const read = await upload(ctx(), fin, "/api/caixa/extratos", "extrato.ofx", file);
    expect(read.statusCode, read.body).toBe(200);
    const result = read.json();
    expect(result.sugestoes.map((s: { pagamento: { id: string } }) => s.pagamento.id)).toEqual([id]);
    const confirmed = await ctx().app.inject({
      method: "POST",
      url: `/api/caixa/extratos/${result.id}/conciliar`,
      headers: { cookie: fin.cookie },
      payload: { fitid: "A1", tipo: "adiantamento", id },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });
});
