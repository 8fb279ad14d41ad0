import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "../../dates";
import { isValidCnpj, parsePixKey } from "../../pix-key";
import { returnFor } from "./bank-simulator";
import type { PayingAccount, PixPayment } from "./febraban";
import { BANK_PROFILE_IDS, type BankProfileId } from "./profiles";
import { buildRemittance, type RemittanceInput, saoPauloClock } from "./remittance";
import { readReturn } from "./return-file";
import { BB_PAYER, FEBRABAN_PAYER, GENERATED_AT, ITAU_PAYER, PAYMENTS } from "./testing/fixtures";

const PAYERS: Record<BankProfileId, PayingAccount> = {
  febraban: FEBRABAN_PAYER,
  itau: ITAU_PAYER,
  bb: BB_PAYER,
};
const base = (profile: BankProfileId = "febraban"): RemittanceInput => ({
  profile,
  payer: PAYERS[profile],
  fileNumber: 42,
  generatedAt: GENERATED_AT,
  payments: PAYMENTS,
});

function built(input: RemittanceInput) {
  const result = buildRemittance(input);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result;
}

function problems(input: Partial<RemittanceInput>, payment?: Partial<PixPayment>) {
  const payments = payment ? [{ ...(PAYMENTS[0] as PixPayment), ...payment }] : (input.payments ?? PAYMENTS);
  const result = buildRemittance({ ...base(input.profile), ...input, payments });
  return result.ok ? [] : result.problems;
}

/** The whole file: 240 printable ISO-8859-1 characters a record, each ended by CRLF. */
function expectWellFormed(text: string): string[] {
  expect(text.endsWith("\r\n")).toBe(true);
  const lines = text.split("\r\n").slice(0, -1);
  for (const line of lines) {
    expect(line).toHaveLength(240);
    expect(line).toMatch(/^[\x20-\x7e]+$/);
  }
  expect(text.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
  expect([...text].every((char) => char.charCodeAt(0) <= 0xff)).toBe(true);
  return lines;
}

describe("buildRemittance", () => {
  for (const profile of BANK_PROFILE_IDS) {
    it(`${profile}: one batch of segments A and B, trailers that add up, a well-formed file`, () => {
      const result = built(base(profile));
      const lines = expectWellFormed(result.text);
      expect(lines.map((line) => line.slice(7, 8) + (line[7] === "3" ? line.slice(13, 14) : ""))).toEqual([
        "0",
        "1",
        ...PAYMENTS.flatMap(() => ["3A", "3B"]),
        "5",
        "9",
      ]);
      expect(result.recordCount).toBe(lines.length);
      expect(result.totalCents).toBe(PAYMENTS.reduce((sum, payment) => sum + payment.amountCents, 0));
      expect(result.fileName).toBe("PIX000042.REM");
      expect(lines.every((line) => line.startsWith(PAYERS[profile].bankCode))).toBe(true);
    });
  }

  it("writes the date and time of São Paulo, not UTC's", () => {
    const lateAtNight = new Date("2025-03-08T02:30:00Z");
    expect(saoPauloClock(lateAtNight)).toEqual({ isoDate: "2025-03-07", date: "07032025", time: "233000" });
    const header = built({ ...base(), generatedAt: lateAtNight }).text.slice(0, 240);
    expect(header.slice(143, 157)).toBe("07032025233000");
  });

  it("takes an alphanumeric CNPJ (from July 2026) in the 14 positions of the document", () => {
    expect(isValidCnpj("12ABC34501DE35")).toBe(true);
    const header = built({ ...base(), payer: { ...FEBRABAN_PAYER, companyDocument: "12ABC34501DE35" } }).text;
    expect(header.slice(18, 32)).toBe("12ABC34501DE35");
  });

  it("builds a remittance of 1,000 payments", () => {
    const payments = Array.from({ length: 1000 }, (_, index) => ({
      ...(PAYMENTS[index % PAYMENTS.length] as PixPayment),
      reference: `BALCAO${String(index).padStart(6, "0")}`,
    }));
    const result = built({ ...base(), payments });
    expect(result.recordCount).toBe(2004);
    expect(expectWellFormed(result.text)).toHaveLength(2004);
  });
});

describe("buildRemittance refuses what the bank would refuse, and says why in Portuguese", () => {
  const REF = PAYMENTS[0]?.reference ?? "";

  it("a payment's problems, by its reference", () => {
    expect(problems({}, { pixKey: { type: "email", value: "" } })).toEqual([
      { reference: REF, message: "Falta a chave PIX do favorecido." },
    ]);
    expect(problems({}, { pixKey: { type: "cpf", value: "+5511987654321" } })).toEqual([
      {
        reference: REF,
        message: 'A chave PIX "+5511987654321" não é uma chave do tipo cpf como o DICT a guarda.',
      },
    ]);
    expect(problems({}, { amountCents: 0 })).toEqual([
      { reference: REF, message: "O valor deve ser maior que zero, em centavos inteiros." },
    ]);
    expect(problems({}, { amountCents: 10.5 })[0]?.message).toBe(
      "O valor deve ser maior que zero, em centavos inteiros.",
    );
    expect(problems({}, { payOn: "2025-02-30" })).toEqual([
      { reference: REF, message: 'A data de pagamento "2025-02-30" não é uma data válida.' },
    ]);
    expect(problems({}, { payOn: "2025-03-06" })).toEqual([
      { reference: REF, message: "A data de pagamento 06/03/2025 já passou (arquivo de 07/03/2025)." },
    ]);
    expect(problems({}, { payeeName: "  " })).toEqual([
      { reference: REF, message: "Falta o nome do favorecido." },
    ]);
    expect(problems({}, { payeeName: "李雷" })).toEqual([
      { reference: REF, message: 'O nome do favorecido tem caracteres que o banco não aceita: "李", "雷".' },
    ]);
    expect(problems({}, { payeeDocument: "12345678900" })[0]?.message).toMatch(
      /CPF\/CNPJ do favorecido não é válido/,
    );
  });

  it("a reference that would not come back the same in the return", () => {
    for (const reference of ["", "balcao1", "BALCAO-0000000000000001", "BALÇÃO1"]) {
      expect(problems({}, { reference })[0]?.message).toMatch(/^A referência deve ter de 1 a 20 caracteres/);
    }
    const twice = [PAYMENTS[0] as PixPayment, PAYMENTS[0] as PixPayment];
    expect(problems({ payments: twice })).toEqual([
      { reference: REF, message: "Esta referência aparece duas vezes no arquivo." },
    ]);
  });

  it("every problem at once, not only the first", () => {
    const found = problems({}, { amountCents: -1, payOn: "ontem", payeeName: "" });
    expect(found.map((problem) => problem.message)).toEqual([
      "Falta o nome do favorecido.",
      "O valor deve ser maior que zero, em centavos inteiros.",
      'A data de pagamento "ontem" não é uma data válida.',
    ]);
  });

  it("the file: its number, its payments", () => {
    for (const fileNumber of [0, 1_000_000, 1.5]) {
      expect(problems({ fileNumber })).toEqual([
        { reference: null, message: `O número do arquivo deve ir de 1 a 999999; recebeu ${fileNumber}.` },
      ]);
    }
    expect(problems({ payments: [] })).toEqual([
      { reference: null, message: "Escolha ao menos um pagamento para o arquivo." },
    ]);
    expect(problems({ generatedAt: new Date("nope") })[0]?.message).toBe(
      "A data e hora de geração do arquivo não são válidas.",
    );
  });

  it("an incomplete or mismatched paying account", () => {
    const incomplete = {
      ...FEBRABAN_PAYER,
      account: "",
      accountDigit: "",
      companyDocument: "11222333000100",
    };
    expect(problems({ payer: incomplete }).map((problem) => problem.message)).toEqual([
      "A conta pagadora deve ter de 1 a 12 dígitos.",
      "O dígito da conta pagadora deve ser um só caractere (dígito ou X).",
      "O CNPJ da agência não é válido (14 caracteres).",
    ]);
    expect(problems({ payer: { ...FEBRABAN_PAYER, agreementCode: "" } })[0]?.message).toBe(
      "O código do convênio deve ser até 20 letras maiúsculas ou dígitos.",
    );
    expect(problems({ profile: "bb", payer: { ...BB_PAYER, agreementCode: "ABC" } })[0]?.message).toBe(
      "O código do convênio deve ser o número do convênio de pagamento, até 9 dígitos.",
    );
    expect(problems({ profile: "itau", payer: FEBRABAN_PAYER })[0]?.message).toBe(
      'O perfil "Itaú (SISPAG)" é do banco 341, mas a conta pagadora é do banco 033.',
    );
    expect(problems({ payer: { ...FEBRABAN_PAYER, address: { zip: "0130-200" } } })[0]?.message).toBe(
      "O CEP da agência deve ter 8 dígitos.",
    );
  });
});

// Valid CPFs and CNPJs from random bodies: the check digits computed as the Receita Federal does.
function checkDigits(body: number[], weights: (index: number) => number): number {
  const sum = body.reduce((total, digit, index) => total + digit * weights(index), 0);
  return sum % 11 < 2 ? 0 : 11 - (sum % 11);
}
const cpf = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }).map((body) => {
  const first = checkDigits(body, (i) => 10 - i);
  return [...body, first, checkDigits([...body, first], (i) => 11 - i)].join("");
});
const cnpjWeights = (length: number) => (i: number) =>
  [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2].slice(13 - length)[i] ?? 0;
const cnpj = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 12 }).map((body) => {
  const first = checkDigits(body, cnpjWeights(12));
  return [...body, first, checkDigits([...body, first], cnpjWeights(13))].join("");
});
const phone = fc
  .tuple(
    fc.integer({ min: 1, max: 9 }),
    fc.integer({ min: 1, max: 9 }),
    fc.integer({ min: 0, max: 99_999_999 }),
  )
  .map(([a, b, rest]) => `+55${a}${b}9${String(rest).padStart(8, "0")}`);
const email = fc
  .tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,30}$/), fc.stringMatching(/^[a-z][a-z0-9]{1,20}$/))
  .map(([user, domain]) => `${user}@${domain}.com.br`);
const pixKey = fc
  .oneof(cpf, cnpj, phone, email, fc.uuid())
  .map((text) => parsePixKey(text))
  .filter((key) => key !== null);
const name = fc
  .array(fc.constantFrom(..."aeiouAEIOU áéíóúãõçÂÊÔàüñÑÆø'&-.bcdfgBCDFG"), { minLength: 1, maxLength: 60 })
  .map((chars) => chars.join(""))
  .filter((text) => text.trim() !== "");

const batch = fc
  .record({
    generatedAt: fc.date({ min: new Date("2020-01-01"), max: new Date("2035-12-31"), noInvalidDate: true }),
    fileNumber: fc.integer({ min: 1, max: 999_999 }),
    profile: fc.constantFrom(...BANK_PROFILE_IDS),
    references: fc.uniqueArray(fc.stringMatching(/^[A-Z0-9]{1,20}$/), { minLength: 1, maxLength: 50 }),
  })
  .chain((shape) =>
    fc.record({
      shape: fc.constant(shape),
      details: fc.array(
        fc.record({
          name,
          key: pixKey,
          document: fc.option(fc.oneof(cpf, cnpj), { nil: undefined }),
          amountCents: fc.integer({ min: 1, max: 1_000_000_000 }),
          daysAhead: fc.integer({ min: 0, max: 60 }),
        }),
        { minLength: shape.references.length, maxLength: shape.references.length },
      ),
    }),
  );

describe("random valid batches", () => {
  it("always give a well-formed file whose trailers add up, and the bank's return reads back", () => {
    fc.assert(
      fc.property(batch, ({ shape, details }) => {
        const today = saoPauloClock(shape.generatedAt).isoDate;
        const payments: PixPayment[] = details.map((detail, index) => ({
          reference: shape.references[index] ?? "",
          payeeName: detail.name,
          payeeDocument: detail.document,
          pixKey: detail.key,
          amountCents: detail.amountCents,
          payOn: addDays(today, detail.daysAhead),
        }));
        const input = {
          ...base(shape.profile),
          fileNumber: shape.fileNumber,
          generatedAt: shape.generatedAt,
          payments,
        };
        const result = built(input);
        const lines = expectWellFormed(result.text);
        const sum = payments.reduce((total, payment) => total + payment.amountCents, 0);
        const batchTrailer = lines.at(-2) ?? "";
        expect(Number(batchTrailer.slice(17, 23))).toBe(2 + 2 * payments.length);
        expect(Number(batchTrailer.slice(23, 41))).toBe(sum);
        expect(Number(lines.at(-1)?.slice(17, 23))).toBe(1);
        expect(Number(lines.at(-1)?.slice(23, 29))).toBe(lines.length);
        expect(result.totalCents).toBe(sum);

        const back = readReturn(returnFor(result.text));
        if (!back.ok) throw new Error(back.message);
        expect(back.unknownLines).toEqual([]);
        expect(back.entries.map((entry) => [entry.reference, entry.amountCents, entry.outcome])).toEqual(
          payments.map((payment) => [payment.reference, payment.amountCents, "paid"]),
        );
      }),
      { numRuns: 60 },
    );
  });
});
