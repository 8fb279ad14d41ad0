import { sql } from "drizzle-orm";
import { parsePix } from "pix-utils";
import { expect, it } from "vitest";
import { todayInSaoPaulo } from "@/domain/dates";
import { paymentReference } from "@/domain/finance/finance-desk";
import { describeWithApp } from "../../testing/test-app";
import {
  ACCOUNT,
  act,
  approvedPayment,
  BANK_ENV,
  bankPeople,
  detail,
  remit,
  remittanceText,
  setAccount,
} from "./testing/bank-fixtures";

/*
 * 'Conta pagadora', 'Pagar com PIX' and 'Gerar arquivo para o banco' (docs/decisions/059): only
 * Finance sees and does them; the file sends every chosen payment or none.
 */

describeWithApp(
  "paying through the bank: the account, the PIX codes, the remittance",
  { env: BANK_ENV },
  (ctx) => {
    it("'Conta pagadora' is the administrators': others 403, wrong fields 400 in Portuguese", async () => {
      const { admin, fin, ana } = await bankPeople(ctx());
      for (const who of [fin, ana]) {
        const res = await ctx().app.inject({
          method: "PUT",
          url: "/api/admin/conta-pagadora",
          headers: { cookie: who.cookie },
          payload: ACCOUNT,
        });
        expect(res.statusCode).toBe(403);
      }
      const wrong = await ctx().app.inject({
        method: "PUT",
        url: "/api/admin/conta-pagadora",
        headers: { cookie: admin.cookie },
        payload: { ...ACCOUNT, banco: "001", cnpj: "11.222.333/0001-82", contaDigito: "" },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fields).toEqual({
        banco: "O perfil Itaú (SISPAG) é do banco 341: confira o código do banco",
        cnpj: "CNPJ inválido",
        contaDigito: "Informe o dígito da conta (um dígito ou X)",
      });
      const page = await setAccount(ctx(), admin);
      expect(page.conta).toMatchObject({
        perfil: "itau",
        banco: "341",
        cnpj: "11222333000181",
        proximoArquivo: 1,
      });
    });

    it("'Lote de pagamento' carries each payment's PIX code, read back by pix-utils with the key, amount and txid", async () => {
      const { fin, ana, bia } = await bankPeople(ctx());
      const withKey = await approvedPayment(ctx(), fin, ana, { chavePix: "529.982.247-25" });
      await approvedPayment(ctx(), fin, bia, { chavePix: null });
      const batch = (
        await ctx().app.inject({ url: "/api/caixa/lote-pagamento", headers: { cookie: fin.cookie } })
      ).json();
      const items = batch.pessoas.flatMap((p: { itens: unknown[] }) => p.itens) as {
        id: string;
        pix: { codigo: string | null; problema: string | null };
      }[];
      const code = items.find((i) => i.id === withKey)!.pix.codigo!;
      const read = parsePix(code) as unknown as {
        pixKey: string;
        transactionAmount: number;
        txid: string;
        merchantCity: string;
      };
      expect(read.pixKey).toBe("52998224725");
      expect(read.transactionAmount).toBe(84.36);
      expect(read.txid.startsWith(paymentReference(withKey))).toBe(true);
      expect(read.merchantCity).toBe("SAO PAULO");
      expect(items.find((i) => i.id !== withKey)!.pix).toEqual({
        codigo: null,
        problema: "Sem chave PIX no pedido: peça a chave ao solicitante.",
      });
    });

    it("sends the chosen payments to 'Enviado ao banco' with a CNAB 240 file, numbered in sequence", async () => {
      const { admin, fin, ana, bia } = await bankPeople(ctx());
      await setAccount(ctx(), admin);
      const a = await approvedPayment(ctx(), fin, ana, { valor: "R$ 84,36" });
      const b = await approvedPayment(ctx(), fin, bia, { valor: "R$ 1.200,00" });
      const made = await remit(ctx(), fin, [a, b]);
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json()).toMatchObject({ numero: 1, quantidade: 2, total: 128436, perfil: "itau" });
      const text = await remittanceText(ctx(), fin, made.json().id);
      const lines = text.split("\r\n").filter(Boolean);
      expect(lines.every((l) => l.length === 240)).toBe(true);
      expect(text.endsWith("\r\n")).toBe(true);
      // Header, batch header, A and B per payment, batch trailer, file trailer.
      expect(lines).toHaveLength(8);
      expect(lines.filter((l) => l[7] === "3" && l[13] === "A").map((l) => l.slice(73, 93).trim())).toEqual([
        paymentReference(a),
        paymentReference(b),
      ]);
      for (const id of [a, b]) {
        const seen = await detail(ctx(), fin, id);
        expect(seen.situacao.status).toBe("enviado_ao_banco");
        const entry = seen.situacao.linhaDoTempo.at(-1);
        expect(entry).toMatchObject({ acao: "enviar_ao_banco", para: "enviado_ao_banco" });
        expect(entry.notas).toContain("Arquivo para o banco nº 1 (Itaú (SISPAG))");
      }
      // The requester sees where it is, and is offered nothing to do about it.
      const mine = await detail(ctx(), ana, a);
      expect(mine.situacao.status).toBe("enviado_ao_banco");
      expect(mine.situacao.acoes).toEqual([]);
      const next = await remit(ctx(), fin, [await approvedPayment(ctx(), fin, ana)]);
      expect(next.json().numero).toBe(2);
    });

    it("sends none when one payment changed meanwhile: nothing moves, no number is spent", async () => {
      const { admin, fin, ana, bia } = await bankPeople(ctx());
      await setAccount(ctx(), admin);
      const a = await approvedPayment(ctx(), fin, ana);
      const b = await approvedPayment(ctx(), fin, bia);
      expect(
        (await act(ctx(), fin, b, { acao: "marcar_pago", pagoEm: todayInSaoPaulo(), formaPagamento: "pix" }))
          .statusCode,
      ).toBe(200);
      const refused = await remit(ctx(), fin, [a, b]);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().description).toBe(
        "Um dos pagamentos escolhidos mudou ou não pode ser enviado ao banco. Nada foi enviado.",
      );
      expect((await detail(ctx(), fin, a)).situacao.status).toBe("aprovado");
      const rows = await ctx().database.db.execute(sql`select count(*)::int as n from remessas_bancarias`);
      expect(rows.rows[0]).toEqual({ n: 0 });
      expect((await remit(ctx(), fin, [a])).json().numero).toBe(1);
    });

    it("is Finance's alone: another team, the requester and the request's page cannot send to the bank", async () => {
      const { admin, fin, ana, rosa } = await bankPeople(ctx());
      await setAccount(ctx(), admin);
      const a = await approvedPayment(ctx(), fin, ana);
      for (const who of [rosa, ana]) {
        expect((await remit(ctx(), who, [a])).statusCode).toBe(403);
        expect(
          (await ctx().app.inject({ url: "/api/caixa/remessas", headers: { cookie: who.cookie } }))
            .statusCode,
        ).toBe(403);
      }
      for (const acao of ["enviar_ao_banco", "confirmar_pagamento", "pagamento_recusado"]) {
        const res = await act(ctx(), fin, a, { acao, motivo: "Pelo botão" });
        expect(res.statusCode, acao).toBe(403);
      }
      expect((await detail(ctx(), fin, a)).situacao.status).toBe("aprovado");
    });

    it("without a paying account, says to set one; a payment date out of range is refused", async () => {
      const { fin, ana } = await bankPeople(ctx());
      const a = await approvedPayment(ctx(), fin, ana);
      const none = await remit(ctx(), fin, [a]);
      expect(none.statusCode).toBe(400);
      expect(none.json().description).toBe(
        "Cadastre a conta pagadora antes de gerar o arquivo para o banco.",
      );
      const past = await remit(ctx(), fin, [a], "2020-01-01");
      expect(past.statusCode).toBe(400);
      expect(past.json().fields).toEqual({
        dataPagamento: "A data do pagamento deve ser de hoje até 30 dias",
      });
    });
  },
);
