import { describe, expect, it } from "vitest";
import { centsToReais, formatBRL, maskCurrencyInput, parseBrlToCents, reaisToCents } from "./money";

/*
 * The edges money.test.ts leaves out: fractions of a cent, negative sums and
 * their zero, every place a thousands dot falls, exactly which spaces Intl
 * puts in the text, and what parsing does with the text of a negative sum.
 */

const NBSP = "\u00a0";
/** Writes the expected text with a plain space where Intl puts U+00A0. */
const brl = (text: string) => text.replace(" ", NBSP);

describe("formatBRL rounds a fraction of a cent to the nearest cent (Math.round: halves up)", () => {
  it.each([
    [0.49, "R$ 0,00"],
    [0.5, "R$ 0,01"],
    [1.5, "R$ 0,02"],
    [1234.4, "R$ 12,34"],
    [1234.5, "R$ 12,35"],
    [99_999.5, "R$ 1.000,00"],
    [-1.4, "-R$ 0,01"],
    // Math.round takes a negative half towards zero.
    [-1.5, "-R$ 0,01"],
    [-1.6, "-R$ 0,02"],
  ])("%f cents → %s", (cents, text) => expect(formatBRL(cents)).toBe(brl(text)));

  it.each([-0, -0.4, -0.5])("never shows '-R$ 0,00': %f cents is zero", (cents) => {
    expect(formatBRL(cents)).toBe(brl("R$ 0,00"));
  });
});

describe("formatBRL's thousands dots and decimal comma", () => {
  it.each([
    [99, "R$ 0,99"],
    [99_999, "R$ 999,99"],
    [100_000, "R$ 1.000,00"],
    [9_999_999, "R$ 99.999,99"],
    [10_000_000, "R$ 100.000,00"],
    [100_000_000, "R$ 1.000.000,00"],
    [123_456_789_012, "R$ 1.234.567.890,12"],
    [Number.MAX_SAFE_INTEGER, "R$ 90.071.992.547.409,91"],
  ])("%i cents → %s", (cents, text) => expect(formatBRL(cents)).toBe(brl(text)));

  // From 1e21 on, String() writes a number in exponent form ('1e+21'), which
  // Intl read as 'R$ NaN'; every digit of the number is shown instead.
  it.each([
    [1e21, "R$ 10.000.000.000.000.000.000,00"],
    [-1e21, "-R$ 10.000.000.000.000.000.000,00"],
    [1.5e22, "R$ 150.000.000.000.000.000.000,00"],
  ])("%d cents, beyond what String() writes in full → %s", (cents, text) =>
    expect(formatBRL(cents)).toBe(brl(text)),
  );

  it.each([
    [-1, "-R$ 0,01"],
    [-99_999, "-R$ 999,99"],
    [-123_456, "-R$ 1.234,56"],
    [-100_000_001, "-R$ 1.000.000,01"],
  ])("a negative %i cents → %s, the sign before 'R$'", (cents, text) =>
    expect(formatBRL(cents)).toBe(brl(text)),
  );
});

describe("the space Intl puts after 'R$'", () => {
  it.each([0, 1, 123_456, -123_456, 999_999_999_999_999])("%i cents: one U+00A0, no plain space", (cents) => {
    const text = formatBRL(cents);
    expect([...text].filter((char) => char === NBSP)).toHaveLength(1);
    expect(text).not.toContain(" ");
    expect(text).not.toContain("\u202f");
    expect(text.indexOf(NBSP)).toBe(text.indexOf("R$") + 2);
  });

  it("is the same text Intl itself gives", () => {
    const intl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
    for (const cents of [0, 7, 1999, 123_456, -150, 100_000_001]) {
      expect(formatBRL(cents)).toBe(intl.format(cents / 100));
    }
  });
});

describe("formatBRL of what is no amount", () => {
  it.each([
    [Number.NaN, "R$ NaN"],
    [Number.POSITIVE_INFINITY, "R$ ∞"],
    [Number.NEGATIVE_INFINITY, "-R$ ∞"],
  ])("%f → %s, as Intl gives it, without throwing", (value, text) =>
    expect(formatBRL(value)).toBe(brl(text)),
  );
});

describe("parseBrlToCents and the text people type", () => {
  it.each([
    ["r$ 1,00", 100],
    ["R$   1,00", 100],
    ["R$\t1,00", 100],
    ["R$1", 100],
    ["R$ 01,50", 150],
    ["1,5", 150],
    ["000,5", 50],
    ["0", 0],
    ["00", 0],
    ["R$ 9.999.999.999.999,99", 999_999_999_999_999],
  ])("%j → %i cents", (text, cents) => expect(parseBrlToCents(text)).toBe(cents));

  it.each([-1, -150, -123_456])(
    "refuses the text of a negative sum (%i cents): nobody types one",
    (cents) => {
      expect(parseBrlToCents(formatBRL(cents))).toBeNull();
    },
  );

  it.each(["1,001", "1,5,0", "1.23,00", "1.2345,00", "R$ 1.234.56"])(
    "refuses %j: a dot groups threes, a comma has at most two decimals",
    (text) => {
      expect(parseBrlToCents(text)).toBeNull();
    },
  );

  it("reads back each amount formatBRL shows, from one cent to the mask's largest", () => {
    for (let digits = 1; digits <= 15; digits++) {
      const cents = Number("7".repeat(digits));
      expect(parseBrlToCents(formatBRL(cents))).toBe(cents);
    }
  });
});

describe("maskCurrencyInput's cents", () => {
  it.each([
    ["000123", 123],
    ["R$ 0,001", 1],
    [brl("-R$ 1.234,56"), 123_456],
    ["１２３", 0],
  ])("%j → %i cents (ASCII digits only, leading zeros dropped, no sign)", (typed, cents) => {
    expect(maskCurrencyInput(typed).cents).toBe(cents);
  });
});

describe("centsToReais / reaisToCents at the edges", () => {
  it.each([
    [12.5, 0.13],
    [0.5, 0.01],
    [-150, -1.5],
    [-123_456, -1234.56],
  ])("centsToReais(%f) → %f", (cents, reais) => expect(centsToReais(cents)).toBe(reais));

  it.each([
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [-12.34, -1234],
    [1_000_000.01, 100_000_001],
  ])("reaisToCents(%f) → %i, the float's drift rounded away", (reais, cents) =>
    expect(reaisToCents(reais)).toBe(cents),
  );
});
