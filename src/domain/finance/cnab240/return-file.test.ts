import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { returnFor } from "./bank-simulator";
import type { PayingAccount } from "./febraban";
import type { BankProfileId } from "./profiles";
import { buildRemittance } from "./remittance";
import { type ReturnFile, readReturn } from "./return-file";
import { checkFields, type DescribedField } from "./testing/field-check";
import { BB_PAYER, FEBRABAN_PAYER, GENERATED_AT, ITAU_PAYER, PAYMENTS } from "./testing/fixtures";

const PAYERS: Record<BankProfileId, PayingAccount> = {
  febraban: FEBRABAN_PAYER,
  itau: ITAU_PAYER,
  bb: BB_PAYER,
};

function remittance(profile: BankProfileId = "febraban", fileNumber = 42): string {
  const result = buildRemittance({
    profile,
    payer: PAYERS[profile],
    fileNumber,
    generatedAt: GENERATED_AT,
    payments: PAYMENTS,
  });
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.text;
}

function read(text: string, profile?: BankProfileId): Extract<ReturnFile, { ok: true }> {
  const result = readReturn(text, profile);
  if (!result.ok) throw new Error(result.message);
  return result;
}

const [P1, P2, P3, P4, P5] = PAYMENTS.map((payment) => payment.reference);
const lines = (text: string) => text.split("\r\n").slice(0, -1);
const join = (records: string[]) => `${records.join("\r\n")}\r\n`;

describe("a return built by bank-simulator.ts from our remittance reads back", () => {
  it("FEBRABAN: paid, refused for the key, scheduled, refused twice over, paid on another day", () => {
    const text = returnFor(remittance(), {
      [P2 as string]: "PJ",
      [P3 as string]: "BD",
      [P4 as string]: { codes: ["BD", "AP"] },
      [P5 as string]: { codes: ["00"], paidOn: "2025-03-13", paidCents: 77_000 },
    });
    const result = read(text);
    expect(result).toMatchObject({
      profile: "febraban",
      bankCode: "033",
      fileNumber: 42,
      generatedOn: "2025-03-07",
    });
    expect(result.unknownLines).toEqual([]);
    expect(result.entries.map(({ lineNumber, ...entry }) => entry)).toEqual([
      {
        reference: P1,
        amountCents: 123_456,
        paidCents: 123_456,
        paidOn: "2025-03-10",
        occurrences: [{ code: "00", text: "Crédito ou Débito Efetivado" }],
        outcome: "paid",
      },
      {
        reference: P2,
        amountCents: 50,
        paidCents: null,
        paidOn: null,
        occurrences: [{ code: "PJ", text: "Chave não cadastrada no DICT" }],
        outcome: "refused",
      },
      {
        reference: P3,
        amountCents: 999_999,
        paidCents: null,
        paidOn: null,
        occurrences: [{ code: "BD", text: "Inclusão Efetuada com Sucesso" }],
        outcome: "scheduled",
      },
      {
        reference: P4,
        amountCents: 1,
        paidCents: null,
        paidOn: null,
        occurrences: [
          { code: "BD", text: "Inclusão Efetuada com Sucesso" },
          { code: "AP", text: "Data Lançamento Inválido" },
        ],
        outcome: "refused",
      },
      {
        reference: P5,
        amountCents: 77_700,
        paidCents: 77_000,
        paidOn: "2025-03-13",
        occurrences: [{ code: "00", text: "Crédito ou Débito Efetivado" }],
        outcome: "paid",
      },
    ]);
  });

  it("Itaú: SISPAG's own texts; no file number in its header", () => {
    const result = read(returnFor(remittance("itau"), { [P1 as string]: "AN", [P2 as string]: "BD" }));
    expect(result.fileNumber).toBeNull();
    expect(
      result.entries.map((entry) => [entry.reference, entry.outcome, entry.occurrences[0]?.text]),
    ).toEqual([
      [P1, "refused", "CONTA CORRENTE DO FAVORECIDO INVÁLIDA"],
      [P2, "scheduled", "PAGAMENTO AGENDADO"],
      [P3, "paid", "PAGAMENTO EFETUADO"],
      [P4, "paid", "PAGAMENTO EFETUADO"],
      [P5, "paid", "PAGAMENTO EFETUADO"],
    ]);
  });

  it("Banco do Brasil: FEBRABAN's table; the profile is found from the header's bank code", () => {
    const result = read(returnFor(remittance("bb"), { [P1 as string]: "PM" }));
    expect(result.profile).toBe("bb");
    expect(result.entries[0]).toMatchObject({
      outcome: "refused",
      occurrences: [{ code: "PM", text: "Chave de pagamento inválida" }],
    });
  });

  it("the simulated segment A, read with cnab_yaml's return description (generic/retorno)", () => {
    const file = path.resolve(
      import.meta.dirname,
      "../../../../node_modules/@banco-br/cnab_yaml/cnab240/generic/retorno/detalhe_segmento_a.yml",
    );
    const yaml = parse(readFileSync(file, "utf8")) as Record<
      string,
      { pos: [number, number]; picture: string }
    >;
    const described: DescribedField[] = Object.entries(yaml).map(([name, field]) => ({
      name,
      start: field.pos[0],
      end: field.pos[1],
      picture: field.picture,
    }));
    const records = lines(returnFor(remittance(), { [P2 as string]: { codes: ["BD", "PJ"] } }));
    checkFields(records[2] ?? "", described, {
      expect: { data_real: "10032025", valor_real: 123_456, ocorencias: "00" },
    });
    checkFields(records[4] ?? "", described, { expect: { data_real: 0, valor_real: 0, ocorencias: "BDPJ" } });
    expect(records[0]?.[142]).toBe("2");
  });

  it("the same file twice reads the same, with the same identity; another file has another", () => {
    const text = returnFor(remittance(), { [P2 as string]: "PJ" });
    expect(read(text)).toEqual(read(text));
    expect(read(text).fileKey).toBe("033-000042-2025-03-07-100405");
    expect(read(returnFor(remittance("febraban", 43))).fileKey).toBe("033-000043-2025-03-07-100405");
    const later = returnFor(remittance(), {}, { generatedAt: new Date("2025-03-10T12:00:00Z") });
    expect(read(later)).toMatchObject({ generatedOn: "2025-03-10", generatedTime: "09:00:00" });
  });

  it("however the file travelled: LF, no final newline, blank lines at the end, a BOM, Ctrl-Z", () => {
    const text = returnFor(remittance());
    const expected = read(text);
    const crlfFree = text.replaceAll("\r\n", "\n");
    for (const variant of [
      crlfFree,
      crlfFree.slice(0, -1),
      text.slice(0, -2),
      `${text}\r\n\r\n`,
      `\uFEFF${text}`,
      `${text}\u001a`,
    ]) {
      expect(read(variant)).toEqual(expected);
    }
  });
});

describe("hostile return files get a clear answer in Portuguese and never throw", () => {
  const good = lines(returnFor(remittance()));

  it("empty", () => {
    expect(readReturn("")).toEqual({ ok: false, message: "O arquivo está vazio." });
    expect(readReturn(" \r\n\r\n")).toEqual({ ok: false, message: "O arquivo está vazio." });
  });

  it("a line of 239 characters is reported, the others still read", () => {
    const records = [...good];
    records[4] = (records[4] ?? "").slice(0, 239);
    const result = read(join(records));
    expect(result.entries.map((entry) => entry.reference)).toEqual([P1, P3, P4, P5]);
    expect(result.unknownLines[0]).toEqual({
      lineNumber: 5,
      reason: "A linha tem 239 caracteres; o CNAB 240 exige 240.",
    });
    // The trailers no longer add up, and say so.
    expect(result.unknownLines.map((line) => line.lineNumber)).toEqual([5, 13, 14]);
  });

  it("a first line that is no CNAB 240 header refuses the whole file", () => {
    expect(readReturn((good[0] ?? "").slice(0, 239))).toEqual({
      ok: false,
      message:
        "A primeira linha tem 239 caracteres; um arquivo CNAB 240 tem linhas de 240. Confira se é o arquivo de retorno do banco.",
    });
    expect(readReturn(join(good.slice(1)))).toEqual({
      ok: false,
      message: "A primeira linha não é um header de arquivo CNAB 240 (registro 0, lote 0000).",
    });
  });

  it("a wrong record type, a foreign segment, records after the trailer", () => {
    const records = [...good];
    records[3] = `${(records[3] ?? "").slice(0, 7)}7${(records[3] ?? "").slice(8)}`;
    records[5] = `${(records[5] ?? "").slice(0, 13)}J${(records[5] ?? "").slice(14)}`;
    records.push(good[2] ?? "");
    const result = read(join(records));
    expect(result.unknownLines).toContainEqual({
      lineNumber: 4,
      reason: 'Tipo de registro "7" desconhecido (esperado 0, 1, 3, 5 ou 9).',
    });
    expect(result.unknownLines).toContainEqual({
      lineNumber: 6,
      reason: 'Segmento "J" não é de transferência PIX; não foi lido.',
    });
    expect(result.unknownLines).toContainEqual({
      lineNumber: 15,
      reason: "Registro depois do trailer do arquivo.",
    });
  });

  it("a segment A with an unknown occurrence code is reported, not guessed", () => {
    const result = read(returnFor(remittance(), { [P2 as string]: "Q9" }));
    expect(result.entries.map((entry) => entry.reference)).toEqual([P1, P3, P4, P5]);
    expect(result.unknownLines).toEqual([
      {
        lineNumber: 5,
        reason:
          'Código de ocorrência "Q9" desconhecido no perfil "FEBRABAN padrão" (pagamento BALCAO3F2A0002): confira no manual do banco; o pagamento não foi marcado.',
      },
    ]);
  });

  it("a segment A without codes, or with a real date that is no date", () => {
    const records = [...good];
    records[2] = `${(records[2] ?? "").slice(0, 230)}${" ".repeat(10)}`;
    records[4] = `${(records[4] ?? "").slice(0, 154)}31022025${(records[4] ?? "").slice(162)}`;
    const result = read(join(records));
    expect(result.unknownLines).toEqual([
      {
        lineNumber: 3,
        reason: "O pagamento BALCAO3F2A0001 veio sem código de ocorrência (posições 231 a 240).",
      },
      {
        lineNumber: 5,
        reason: 'A data real do pagamento BALCAO3F2A0002 (posições 155 a 162) não é uma data: "31022025".',
      },
    ]);
  });

  it("our own remittance, a file of another bank, a file without its trailer", () => {
    expect(readReturn(remittance())).toEqual({
      ok: false,
      message: "Este arquivo é uma remessa (código 1 na posição 143), não o retorno do banco.",
    });
    expect(readReturn(returnFor(remittance("itau")), "bb")).toEqual({
      ok: false,
      message: 'O arquivo é do banco 341, mas o perfil escolhido é "Banco do Brasil" (banco 001).',
    });
    expect(readReturn(join(good.slice(0, -1)))).toEqual({
      ok: false,
      message:
        "O arquivo termina sem o trailer (registro 9): parece incompleto. Peça ao banco o arquivo inteiro.",
    });
  });

  it("binary junk", () => {
    const junk = String.fromCharCode(...Array.from({ length: 600 }, (_, index) => (index * 37) % 256));
    const result = readReturn(junk);
    expect(result.ok).toBe(false);
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 2000 }), (text) => {
        const answer = readReturn(text);
        expect(typeof answer.ok).toBe("boolean");
      }),
    );
  });

  it("any character changed anywhere in a good file: an answer, never an exception", () => {
    const text = returnFor(remittance("itau"), { [P2 as string]: "BD" });
    fc.assert(
      fc.property(
        fc.nat(text.length - 1),
        fc.string({ unit: "binary", minLength: 1, maxLength: 3 }),
        (at, junk) => {
          const answer = readReturn(text.slice(0, at) + junk + text.slice(at + 1));
          if (answer.ok) for (const line of answer.unknownLines) expect(line.reason).not.toBe("");
          else expect(answer.message).not.toBe("");
        },
      ),
    );
  });
});
