import { describe, expect, it } from "vitest";
import type { PayingAccount } from "./febraban";
import type { BankProfileId } from "./profiles";
import { buildRemittance } from "./remittance";
import { checkFields, type DescribedField } from "./testing/field-check";
import { BB_PAYER, FEBRABAN_PAYER, GENERATED_AT, ITAU_PAYER, PAYMENTS } from "./testing/fixtures";

/*
 * What cnab_yaml does not describe, checked against the manuals, transcribed here
 * from the sources (not from our code):
 * - FEBRABAN "Layout Padrão de Arquivos CNAB 240" v10.11: the payment batch header,
 *   segment B for PIX (G100 'forma de iniciação' in 15–17, the key in 128–226, SIAPE
 *   P012 and ISPB P015 after it), the payment batch trailer (P007 sum in 24–41), the
 *   convênio block G007 in the file header. cnab_yaml has no segment B in generic/
 *   and its batch header and trailer are cobrança's.
 * - Itaú SISPAG with PIX, as OCA's l10n-brazil transcribes it
 *   (l10n_br_cnab_structure/data/l10n_br_cnab.line.field.csv, cnab_itau_240_*):
 *   segment A 113–114, segment B PIX, the transfer batch trailer.
 * - Banco do Brasil "Leiaute de Arquivos – Padrão CNAB 240 – Pagamentos"
 *   (PgtVer03BB): the convênio block 33–52 of both headers. cnab_yaml's 001 folder
 *   only has cobrança (segments P and Q).
 */

type Row = [name: string, start: number, end: number, picture: string, fallback?: string | number];
const table = (rows: Row[]): DescribedField[] =>
  rows.map(([name, start, end, picture, fallback]) => ({ name, start, end, picture, default: fallback }));

const FEBRABAN_BATCH_HEADER = table([
  ["banco", 1, 3, "9(3)"],
  ["lote", 4, 7, "9(4)", 1],
  ["registro", 8, 8, "9(1)", 1],
  ["operacao", 9, 9, "X(1)", "C"],
  ["servico", 10, 11, "9(2)", 20],
  ["forma_lancamento", 12, 13, "9(2)", 45],
  ["layout_lote", 14, 16, "9(3)", 46],
  ["cnab_1", 17, 17, "X(1)", ""],
  ["inscricao_tipo", 18, 18, "9(1)", 2],
  ["inscricao_numero", 19, 32, "9(14)"],
  ["convenio", 33, 52, "X(20)"],
  ["agencia", 53, 57, "9(5)"],
  ["agencia_dv", 58, 58, "X(1)"],
  ["conta", 59, 70, "9(12)"],
  ["conta_dv", 71, 71, "X(1)"],
  ["agencia_conta_dv", 72, 72, "X(1)", ""],
  ["nome_empresa", 73, 102, "X(30)"],
  ["mensagem", 103, 142, "X(40)", ""],
  ["logradouro", 143, 172, "X(30)"],
  ["numero", 173, 177, "9(5)"],
  ["complemento", 178, 192, "X(15)"],
  ["cidade", 193, 212, "X(20)"],
  ["cep", 213, 217, "9(5)"],
  ["complemento_cep", 218, 220, "X(3)"],
  ["estado", 221, 222, "X(2)"],
  ["forma_pagamento_servico", 223, 224, "9(2)", 1],
  ["cnab_2", 225, 230, "X(6)", ""],
  ["ocorrencias", 231, 240, "X(10)", ""],
]);

const FEBRABAN_SEGMENT_B_PIX = table([
  ["banco", 1, 3, "9(3)"],
  ["lote", 4, 7, "9(4)", 1],
  ["registro", 8, 8, "9(1)", 3],
  ["sequencial", 9, 13, "9(5)"],
  ["segmento", 14, 14, "X(1)", "B"],
  ["forma_iniciacao", 15, 17, "X(3)"],
  ["inscricao_tipo", 18, 18, "9(1)"],
  ["inscricao_numero", 19, 32, "9(14)"],
  ["txid", 33, 67, "X(35)", ""],
  ["informacao_entre_usuarios", 68, 127, "X(60)", ""],
  ["chave", 128, 226, "X(99)"],
  ["siape", 227, 232, "9(6)", 0],
  ["ispb", 233, 240, "9(8)", 0],
]);

const FEBRABAN_BATCH_TRAILER = table([
  ["registro", 8, 8, "9(1)", 5],
  ["quantidade_registros", 18, 23, "9(6)"],
  ["somatoria_valores", 24, 41, "9(16)V9(2)"],
  ["somatoria_moedas", 42, 59, "9(13)V9(5)", 0],
  ["aviso_debito", 60, 65, "X(6)", ""],
  ["cnab", 66, 230, "X(165)", ""],
  ["ocorrencias", 231, 240, "X(10)", ""],
]);

const FEBRABAN_FILE_HEADER_ACCOUNT = table([
  ["convenio", 33, 52, "X(20)"],
  ["agencia_dv", 58, 58, "X(1)"],
  ["conta_dv", 71, 71, "X(1)"],
  ["agencia_conta_dv", 72, 72, "X(1)", ""],
  ["versao_layout", 164, 166, "9(3)", 103],
]);

const ITAU_SEGMENT_A_PIX = table([
  ["numero_registro", 9, 13, "9(5)"],
  ["identificacao_transferencia", 113, 114, "X(2)", "04"],
  ["zeros", 115, 119, "9(5)", 0],
  ["finalidade_ted", 220, 224, "X(5)", ""],
]);

const ITAU_SEGMENT_B_PIX = table([
  ["tipo_chave", 15, 16, "X(2)"],
  ["brancos_1", 17, 17, "X(1)", ""],
  ["inscricao_tipo", 18, 18, "9(1)"],
  ["inscricao_numero", 19, 32, "9(14)"],
  ["brancos_2", 33, 62, "X(30)", ""],
  ["informacao_entre_usuarios", 63, 127, "X(65)", ""],
  ["chave", 128, 227, "X(100)"],
  ["brancos_3", 228, 230, "X(3)", ""],
  ["ocorrencias", 231, 240, "X(10)", ""],
]);

const ITAU_BATCH_TRAILER = table([
  ["quantidade_registros", 18, 23, "9(6)"],
  ["total_valor_pagtos", 24, 41, "9(16)V9(2)"],
  ["zeros", 42, 59, "9(18)", 0],
  ["brancos", 60, 230, "X(171)", ""],
  ["ocorrencias", 231, 240, "X(10)", ""],
]);

const BB_AGREEMENT = table([
  ["convenio", 33, 41, "9(9)"],
  ["produto", 42, 45, "9(4)", 126],
  ["reservado", 46, 50, "X(5)", ""],
  ["arquivo_teste", 51, 52, "X(2)", ""],
]);

const KEY_TYPE_CODES: Record<string, string> = { phone: "01", email: "02", cpf: "03", cnpj: "03", evp: "04" };
const TOTAL = PAYMENTS.reduce((sum, payment) => sum + payment.amountCents, 0);

function linesOf(profile: BankProfileId, payer: PayingAccount): string[] {
  const result = buildRemittance({
    profile,
    payer,
    fileNumber: 42,
    generatedAt: GENERATED_AT,
    payments: PAYMENTS,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.text.split("\r\n").slice(0, -1);
}
const byType = (lines: string[], type: string, segment?: string) =>
  lines.filter((line) => line[7] === type && (segment === undefined || line[13] === segment));
const documentType = (document = "") => (document.length === 11 ? 1 : document.length === 14 ? 2 : 0);

describe("FEBRABAN v10.11 (and Banco do Brasil, which follows it), against the manual", () => {
  for (const [profile, payer] of [
    ["febraban", FEBRABAN_PAYER],
    ["bb", BB_PAYER],
  ] as const) {
    const lines = linesOf(profile, payer);

    it(`${profile}: segment B carries the forma de iniciação and the key as DICT stores it`, () => {
      byType(lines, "3", "B").forEach((line, index) => {
        const payment = PAYMENTS[index];
        if (!payment) throw new Error("payment missing");
        checkFields(line, FEBRABAN_SEGMENT_B_PIX, {
          verbatim: ["chave"],
          expect: {
            banco: payer.bankCode,
            sequencial: index * 2 + 2,
            forma_iniciacao: KEY_TYPE_CODES[payment.pixKey.type] ?? "?",
            inscricao_tipo: documentType(payment.payeeDocument),
            inscricao_numero: payment.payeeDocument ?? 0,
            chave: payment.pixKey.value,
          },
        });
      });
    });

    it(`${profile}: the batch trailer's count and sum of amounts`, () => {
      checkFields(byType(lines, "5")[0] ?? "", FEBRABAN_BATCH_TRAILER, {
        expect: { quantidade_registros: 2 + 2 * PAYMENTS.length, somatoria_valores: TOTAL },
      });
    });
  }

  it("febraban: the payment batch header (service 20, forma 45, layout 046) and the file header's account block", () => {
    const lines = linesOf("febraban", FEBRABAN_PAYER);
    checkFields(lines[1] ?? "", FEBRABAN_BATCH_HEADER, {
      expect: {
        banco: "033",
        inscricao_numero: "11222333000181",
        convenio: "PAG0001",
        agencia: "1234",
        agencia_dv: "5",
        conta: "567890",
        conta_dv: "3",
        nome_empresa: "AGENCIA AGIL DE COMUNICACAO LT",
        logradouro: "",
        numero: 0,
        complemento: "",
        cidade: "",
        cep: 0,
        complemento_cep: "",
        estado: "",
      },
    });
    checkFields(lines[0] ?? "", FEBRABAN_FILE_HEADER_ACCOUNT, {
      expect: { convenio: "PAG0001", agencia_dv: "5", conta_dv: "3" },
    });
  });

  it("bb: the convênio block of both headers (contract, product 0126, reserved, test flag)", () => {
    const lines = linesOf("bb", BB_PAYER);
    for (const line of [lines[0] ?? "", lines[1] ?? ""]) {
      checkFields(line, BB_AGREEMENT, { expect: { convenio: "123456789" } });
    }
  });
});

describe("Itaú SISPAG with PIX, against OCA's transcription", () => {
  const lines = linesOf("itau", ITAU_PAYER);

  it("segment A: record number, 'identificação da transferência' 04 (chave PIX)", () => {
    byType(lines, "3", "A").forEach((line, index) => {
      checkFields(line, ITAU_SEGMENT_A_PIX, { expect: { numero_registro: index * 2 + 1 } });
    });
  });

  it("segment B: the key type and the key", () => {
    byType(lines, "3", "B").forEach((line, index) => {
      const payment = PAYMENTS[index];
      if (!payment) throw new Error("payment missing");
      checkFields(line, ITAU_SEGMENT_B_PIX, {
        verbatim: ["chave"],
        expect: {
          tipo_chave: KEY_TYPE_CODES[payment.pixKey.type] ?? "?",
          inscricao_tipo: documentType(payment.payeeDocument),
          inscricao_numero: payment.payeeDocument ?? 0,
          chave: payment.pixKey.value,
        },
      });
    });
  });

  it("batch trailer: count and total of the payments", () => {
    checkFields(byType(lines, "5")[0] ?? "", ITAU_BATCH_TRAILER, {
      expect: { quantidade_registros: 2 + 2 * PAYMENTS.length, total_valor_pagtos: TOTAL },
    });
  });

  it("the file header has no file number in SISPAG: 158–166 are zeros", () => {
    expect(lines[0]?.slice(157, 166)).toBe("000000000");
  });
});

describe("the checker itself", () => {
  it("fails when a field is one position off", () => {
    const line = linesOf("febraban", FEBRABAN_PAYER)[2] ?? "";
    const shifted = `${line.slice(0, 119)}${line.slice(120, 134)} ${line.slice(134)}`;
    const amount = table([["valor", 120, 134, "9(13)V9(2)"]]);
    expect(() =>
      checkFields(line, amount, { expect: { valor: PAYMENTS[0]?.amountCents ?? 0 } }),
    ).not.toThrow();
    expect(() =>
      checkFields(shifted, amount, { expect: { valor: PAYMENTS[0]?.amountCents ?? 0 } }),
    ).toThrow();
  });

  it("fails on lower case in an alphanumeric field unless it is the key", () => {
    const name = table([["nome", 1, 5, "X(5)"]]);
    expect(() => checkFields("Ana  ", name)).toThrow();
    expect(() => checkFields("Ana  ", name, { verbatim: ["nome"] })).not.toThrow();
  });
});
