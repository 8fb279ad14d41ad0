import { describe, expect, it } from "vitest";
import {
  centsToReais,
  EMPTY_AMOUNT_DISPLAY,
  formatBRL,
  MAX_AMOUNT_DIGITS,
  maskCurrencyInput,
  parseBrlToCents,
  reaisToCents,
} from "./money";

// Intl puts a non-breaking space (U+00A0) after 'R$' (facts.md, Brazilian formatting).
const brl = (text: string) => text.replace("R$ ", "R$\u00a0");

describe("formatBRL", () => {
  it.each([
    [0, "R$ 0,00"],
    [1, "R$ 0,01"],
    [7, "R$ 0,07"],
    [1999, "R$ 19,99"],
    [123456, "R$ 1.234,56"],
    [100000001, "R$ 1.000.000,01"],
    [-150, "-R$ 1,50"],
  ])("%i cents → %s", (cents, text) => expect(formatBRL(cents)).toBe(brl(text)));

  it("uses U+00A0 after R$", () => {
    expect(formatBRL(123456)).toBe("R$\u00a01.234,56");
    expect(EMPTY_AMOUNT_DISPLAY).toBe("R$\u00a00,00");
  });

  it("is exact for the largest amount the mask holds", () => {
    expect(formatBRL(999_999_999_999_999)).toBe(brl("R$ 9.999.999.999.999,99"));
  });
});

describe("maskCurrencyInput (spec §5: digits only, divided by 100, pt-BR)", () => {
  it("shows 'R$ 0,00' for an empty field", () => {
    expect(maskCurrencyInput("")).toEqual({ cents: 0, display: brl("R$ 0,00") });
  });

  it("fills from the right while typing 1, 2, 3, 4, 5, 6", () => {
    let shown = maskCurrencyInput("").display;
    const seen: string[] = [];
    for (const key of "123456") {
      shown = maskCurrencyInput(shown + key).display;
      seen.push(shown);
    }
    expect(seen).toEqual(["R$ 0,01", "R$ 0,12", "R$ 1,23", "R$ 12,34", "R$ 123,45", "R$ 1.234,56"].map(brl));
    expect(maskCurrencyInput("123456")).toEqual({ cents: 123456, display: brl("R$ 1.234,56") });
  });

  it("shifts back on delete", () => {
    expect(maskCurrencyInput(brl("R$ 1.234,5"))).toEqual({ cents: 12345, display: brl("R$ 123,45") });
    expect(maskCurrencyInput(brl("R$ 0,0"))).toEqual({ cents: 0, display: brl("R$ 0,00") });
  });

  it("ignores letters and signs, and digits beyond the limit", () => {
    expect(maskCurrencyInput("-12a3").cents).toBe(123);
    expect(maskCurrencyInput("9".repeat(MAX_AMOUNT_DIGITS + 3)).cents).toBe(999_999_999_999_999);
  });
});

describe("parseBrlToCents", () => {
  it.each([
    ["R$ 1.234,56", 123456],
    ["R$\u00a01.234,56", 123456],
    ["R$1.234,56", 123456],
    ["1.234,56", 123456],
    ["1234,56", 123456],
    ["1234", 123400],
    ["1.234", 123400],
    ["0,5", 50],
    ["0,07", 7],
    ["19,99", 1999],
    ["1.000.000,01", 100000001],
    ["R$ 0,00", 0],
    [" 12,30 ", 1230],
  ])("%s → %i cents", (text, cents) => expect(parseBrlToCents(text)).toBe(cents));

  it("reads back exactly what the mask shows", () => {
    for (const cents of [0, 7, 1999, 123456, 100000001, 999_999_999_999_999]) {
      expect(parseBrlToCents(formatBRL(cents))).toBe(cents);
    }
  });

  it.each([
    "",
    "abc",
    "12a",
    "1,2,3",
    "1,234,56",
    "-1,00",
    "R$ -1,00",
    "-R$ 1,00",
    "1,234",
    "1.5",
    "12.34,56",
    ",50",
    "R$",
    "1 234,56",
    "US$ 1,00",
    "9".repeat(MAX_AMOUNT_DIGITS + 1),
  ])("refuses %j", (text) => expect(parseBrlToCents(text)).toBeNull());
});

describe("centsToReais / reaisToCents", () => {
  it.each([
    [123456, 1234.56],
    [7, 0.07],
    [1999, 19.99],
    [100000001, 1000000.01],
    [0, 0],
  ])("%i cents ↔ %f reais, without float drift", (cents, reais) => {
    expect(centsToReais(cents)).toBe(reais);
    expect(reaisToCents(reais)).toBe(cents);
  });

  it("round-trips every cent of a range", () => {
    for (let cents = 0; cents < 5000; cents++) expect(reaisToCents(centsToReais(cents))).toBe(cents);
  });
});
