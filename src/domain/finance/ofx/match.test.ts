import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "../../dates";
import { type MatchInput, matchStatement, type PaymentToMatch } from "./match";
import { type OfxEntry, readOfx } from "./read-ofx";

// 20/11/2026 (a Friday) is a national holiday: Dia Nacional de Zumbi e da Consciência Negra.
const HOLIDAYS = new Set(["2026-11-20"]);
const weekday = (iso: string) => new Date(`${iso}T12:00:00Z`).getUTCDay();
const isBusinessDay = (iso: string) => weekday(iso) !== 0 && weekday(iso) !== 6 && !HOLIDAYS.has(iso);
const withoutHolidays = (iso: string) => weekday(iso) !== 0 && weekday(iso) !== 6;

function statement(file: string): OfxEntry[] {
  const bytes = new Uint8Array(readFileSync(path.join(import.meta.dirname, "fixtures", file)));
  const result = readOfx(bytes, { today: "2026-11-30" });
  if (!result.ok) throw new Error(result.message);
  return result.entries;
}

function debit(fitid: string, postedOn: string, amountCents: number, memo: string, name = ""): OfxEntry {
  return { fitid, postedOn, amountCents: -amountCents, type: "DEBIT", name, memo };
}

function payment(id: string, payeeName: string, amountCents: number, sentOrPaidOn: string, reference = "") {
  return { id, payeeName, amountCents, sentOrPaidOn, reference } satisfies PaymentToMatch;
}

function match(entries: OfxEntry[], payments: PaymentToMatch[], extra: Partial<MatchInput> = {}) {
  return matchStatement({ entries, payments, isBusinessDay, ...extra });
}

const pairs = (result: ReturnType<typeof matchStatement>) =>
  result.suggestions.map((suggestion) => [
    suggestion.entryFitid,
    suggestion.paymentId,
    suggestion.confidence,
  ]);

describe("a statement against the payments made", () => {
  it("txid, name and amount-date suggestions, with the unmatched on both sides", () => {
    const result = match(statement("statement-v1-1252.ofx"), [
      payment("p-joao", "João da Silva", 15000, "2026-11-16"),
      payment("p-maria", "Maria da Conceição Souza", 123456, "2026-11-19"),
      payment("p-pedro", "Pedro Alves", 8990, "2026-11-20", "BALCAO3F2A9C1D7E"),
      payment("p-carla", "Carla Mendes", 30000, "2026-11-26"),
      payment("p-never", "Rui Costa", 99999, "2026-11-16"),
    ]);
    expect(pairs(result)).toEqual([
      ["202611230004", "p-pedro", "txid"],
      ["202611160001", "p-joao", "name"],
      ["202611190002", "p-maria", "name"],
      ["202611270006", "p-carla", "amount-date"],
    ]);
    // the fee is a debit nobody paid through Balcão; the credit is not considered at all
    expect(result.unmatchedEntries).toEqual(["202611240005"]);
    expect(result.unmatchedPayments).toEqual(["p-never"]);
  });

  it("explains each suggestion in Portuguese", () => {
    const result = match(statement("statement-v1-1252.ofx"), [
      payment("p-pedro", "Pedro Alves", 8990, "2026-11-20", "BALCAO3F2A9C1D7E"),
      payment("p-maria", "Maria da Conceição Souza", 123456, "2026-11-19"),
      payment("p-carla", "Carla Mendes", 30000, "2026-11-24"),
    ]);
    const reasons = result.suggestions.map((suggestion) => suggestion.reason.replaceAll("\u00a0", " "));
    expect(reasons).toEqual([
      "O identificador PIX BALCAO3F2A9C1D7E aparece no extrato, com o mesmo valor (R$ 89,90); debitado em 23/11/2026, 1 dia útil depois do pagamento (20/11/2026).",
      'O nome de Maria da Conceição Souza aparece no extrato ("PIX ENVIADO - MARIA DA CONCEIÇÃO SOUZA"), com o mesmo valor (R$ 1.234,56); debitado no mesmo dia do pagamento (19/11/2026).',
      "Mesmo valor (R$ 300,00), debitado em 27/11/2026, 3 dias úteis depois do pagamento (24/11/2026). É o único débito desse valor em até 3 dias úteis depois do pagamento, e o único pagamento que ele pode ser; o extrato não traz o nome nem o identificador PIX: confira antes de confirmar.",
    ]);
  });
});

describe("evidence", () => {
  it("a txid beats a name, even when the name-only pair comes first", () => {
    const result = match(
      [
        debit("e-txid", "2026-11-24", 10000, "PIX ENVIADO ANA REIS BALCAOBBB222"),
        debit("e-name", "2026-11-24", 10000, "PIX ENVIADO ANA REIS"),
      ],
      [
        payment("p-a", "Ana Reis", 10000, "2026-11-24", "BALCAOAAA111"),
        payment("p-b", "Ana Reis", 10000, "2026-11-24", "BALCAOBBB222"),
      ],
    );
    expect(pairs(result)).toEqual([
      ["e-txid", "p-b", "txid"],
      ["e-name", "p-a", "name"],
    ]);
  });

  it("names cut by the bank: Itaú's glued dates, Banco do Brasil's fixed width, abbreviated middle names", () => {
    const payments = [
      payment("p-joao", "João da Silva", 15000, "2026-11-23"),
      payment("p-maria", "Maria da Conceição Souza", 123456, "2026-11-24"),
      payment("p-ana", "Ana Paula Reis", 50000, "2026-11-26"),
      // a second candidate of each amount, so that only the name can decide
      payment("p-other-150", "Rui Costa", 15000, "2026-11-23"),
      payment("p-other-1234", "Rui Costa", 123456, "2026-11-24"),
      payment("p-other-500", "Rui Costa", 50000, "2026-11-26"),
    ];
    // same-day pairs first, then a day apart
    expect(pairs(match(statement("itau-like.ofx"), payments))).toEqual([
      ["20261126005", "p-ana", "name"], // 'TED 001.4321ANA P REIS'
      ["20261124001", "p-joao", "name"], // 'PIX TRANSF JOAO SIL24/11'
      ["20261125002", "p-maria", "name"], // 'SISPAG PIX MARIA CONCEIC25/11'
    ]);
    expect(pairs(match(statement("bb-like.ofx"), payments))).toEqual([
      ["11.848.430.597.722", "p-joao", "name"], // '23/11 10:30 JOAO DA SILVA'
      ["11.848.430.597.723", "p-maria", "name"], // '24/11 09:22 MARIA DA CONCEICAO S'
    ]);
  });

  it("a first name alone, or with one letter of the surname, is no name match", () => {
    const payments = [
      payment("p-1", "João Silva", 15000, "2026-11-23"),
      payment("p-2", "Ana Anacleto", 15000, "2026-11-23"),
    ];
    const entries = [
      debit("e-1", "2026-11-23", 15000, "PIX TRANSF JOAO S23/11"),
      debit("e-2", "2026-11-23", 15000, "PIX ENVIADO ANA"),
      debit("e-3", "2026-11-23", 15000, "PIX ENVIADO - SILVA JOAO"),
    ];
    expect(match(entries, payments).suggestions).toEqual([]);
  });

  it("credits are never matched, whatever they say", () => {
    const credit: OfxEntry = {
      ...debit("e-1", "2026-11-23", 15000, "PIX JOAO DA SILVA"),
      amountCents: 15000,
    };
    const result = match([credit], [payment("p-1", "João da Silva", 15000, "2026-11-23")]);
    expect(result).toEqual({ suggestions: [], unmatchedEntries: [], unmatchedPayments: ["p-1"] });
  });
});

describe("the business-day window", () => {
  const bruno = (paidOn: string) => [payment("p-bruno", "Bruno Lima", 50000, paidOn)];
  const debitOn = (date: string) => [debit(`e-${date}`, date, 50000, "PIX ENVIADO BRUNO LIMA")];
  const matched = (date: string, paidOn: string, calendar = isBusinessDay, maxBusinessDays?: number) =>
    match(debitOn(date), bruno(paidOn), { isBusinessDay: calendar, maxBusinessDays }).suggestions.length ===
    1;

  it("across a holiday: paid on Thursday 19/11, Friday 20/11 is a holiday, so the third business day is Wednesday 25/11", () => {
    expect(matched("2026-11-19", "2026-11-19")).toBe(true);
    expect(matched("2026-11-25", "2026-11-19")).toBe(true);
    expect(matched("2026-11-26", "2026-11-19")).toBe(false);
    // a calendar that does not know the holiday ends the window a day earlier
    expect(matched("2026-11-25", "2026-11-19", withoutHolidays)).toBe(false);
    expect(matched("2026-11-24", "2026-11-19", withoutHolidays)).toBe(true);
  });

  it("across a weekend: paid on Friday 27/11, up to Wednesday 02/12; a Saturday debit counts no business day", () => {
    expect(matched("2026-11-28", "2026-11-27")).toBe(true);
    expect(matched("2026-12-02", "2026-11-27")).toBe(true);
    expect(matched("2026-12-03", "2026-11-27")).toBe(false);
  });

  it("never before the payment's date", () => {
    expect(matched("2026-11-18", "2026-11-19")).toBe(false);
  });

  it("a narrower window on request; a wrong one is a programming error", () => {
    expect(matched("2026-11-23", "2026-11-19", isBusinessDay, 1)).toBe(true);
    expect(matched("2026-11-24", "2026-11-19", isBusinessDay, 1)).toBe(false);
    // 0 business days: the payment's own day and the closed days right after it
    expect(matched("2026-11-22", "2026-11-19", isBusinessDay, 0)).toBe(true);
    expect(matched("2026-11-23", "2026-11-19", isBusinessDay, 0)).toBe(false);
    expect(() => match([], [], { maxBusinessDays: -1 })).toThrow(RangeError);
    expect(() => match([], [], { maxBusinessDays: 1.5 })).toThrow(RangeError);
  });
});

describe("each debit and each payment at most once", () => {
  it("two debits for one payment: the closer one is suggested, the other stays unmatched", () => {
    const result = match(
      [
        debit("e-late", "2026-11-25", 10000, "PIX ANA REIS"),
        debit("e-early", "2026-11-24", 10000, "PIX ANA REIS"),
      ],
      [payment("p-1", "Ana Reis", 10000, "2026-11-24")],
    );
    expect(pairs(result)).toEqual([["e-early", "p-1", "name"]]);
    expect(result.unmatchedEntries).toEqual(["e-late"]);
  });

  it("ambiguous amounts without a name or txid are left for Finance", () => {
    const twoDebits = match(
      [debit("e-1", "2026-11-24", 25000, "TED ENVIADA"), debit("e-2", "2026-11-25", 25000, "TED ENVIADA")],
      [payment("p-1", "Carla Mendes", 25000, "2026-11-24")],
    );
    expect(twoDebits.suggestions).toEqual([]);
    expect(twoDebits.unmatchedEntries).toEqual(["e-1", "e-2"]);
    const twoPayments = match(
      [debit("e-1", "2026-11-24", 25000, "TED ENVIADA")],
      [payment("p-1", "Carla Mendes", 25000, "2026-11-24"), payment("p-2", "Rui Costa", 25000, "2026-11-23")],
    );
    expect(twoPayments.suggestions).toEqual([]);
    expect(twoPayments.unmatchedPayments).toEqual(["p-1", "p-2"]);
  });

  it("an amount-only pair is suggested once the name matches took the rest", () => {
    const result = match(
      [
        debit("e-name", "2026-11-24", 25000, "PIX CARLA MENDES"),
        debit("e-blind", "2026-11-24", 25000, "TED ENVIADA"),
      ],
      [
        payment("p-carla", "Carla Mendes", 25000, "2026-11-24"),
        payment("p-rui", "Rui Costa", 25000, "2026-11-24"),
      ],
    );
    expect(pairs(result)).toEqual([
      ["e-name", "p-carla", "name"],
      ["e-blind", "p-rui", "amount-date"],
    ]);
  });

  it("holds for any statement and payments (property)", () => {
    const people = ["Ana Reis", "Bruno Lima", "Carla Mendes", "João da Silva"];
    const day = fc.integer({ min: 0, max: 12 }).map((offset) => addDays("2026-11-16", offset));
    const amount = fc.constantFrom(10000, 15000, 25000);
    const entry = fc.record({ day, amount, who: fc.constantFrom(...people, "TARIFA"), txid: fc.boolean() });
    const pay = fc.record({ day, amount, who: fc.constantFrom(...people) });
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 25 }),
        fc.array(pay, { maxLength: 25 }),
        (rawEntries, rawPayments) => {
          const entries = rawEntries.map((raw, index) =>
            debit(
              `e${index}`,
              raw.day,
              raw.amount,
              `PIX ${raw.who.toUpperCase()}${raw.txid ? ` BALCAOTX${index % 5}XX` : ""}`,
            ),
          );
          const payments = rawPayments.map((raw, index) =>
            payment(`p${index}`, raw.who, raw.amount, raw.day, `BALCAOTX${index % 5}XX`),
          );
          const result = match(entries, payments);
          const usedEntries = result.suggestions.map((suggestion) => suggestion.entryFitid);
          const usedPayments = result.suggestions.map((suggestion) => suggestion.paymentId);
          expect(new Set(usedEntries).size).toBe(usedEntries.length);
          expect(new Set(usedPayments).size).toBe(usedPayments.length);
          expect([...usedEntries, ...result.unmatchedEntries].sort()).toEqual(
            entries.map((e) => e.fitid).sort(),
          );
          expect([...usedPayments, ...result.unmatchedPayments].sort()).toEqual(
            payments.map((p) => p.id).sort(),
          );
        },
      ),
    );
  });
});

it("a 5,000-entry statement against 1,000 payments", () => {
  const first = ["ANA", "BRUNO", "CARLA", "DIEGO", "ELISA"];
  const last = ["REIS", "LIMA", "MENDES", "SOUZA", "COSTA", "ALVES", "ROCHA", "DIAS"];
  const entries: OfxEntry[] = [];
  const payments: PaymentToMatch[] = [];
  for (let index = 0; index < 5000; index++) {
    const paidOn = addDays("2026-09-01", index % 80);
    const cents = 1000 + ((index * 7919) % 40_000);
    const name = `${first[index % first.length]} ${last[(index >> 3) % last.length]}`;
    entries.push(debit(`E${index}`, paidOn, cents, `PIX ENVIADO - ${name}`));
    if (index % 5 === 0) payments.push(payment(`P${index}`, name, cents, paidOn));
  }
  const result = match(entries, payments);
  expect(payments).toHaveLength(1000);
  expect(result.suggestions).toHaveLength(1000);
  expect(result.unmatchedPayments).toEqual([]);
  expect(result.unmatchedEntries).toHaveLength(4000);
  expect(
    result.suggestions.every((suggestion) => suggestion.entryFitid === `E${suggestion.paymentId.slice(1)}`),
  ).toBe(true);
});
