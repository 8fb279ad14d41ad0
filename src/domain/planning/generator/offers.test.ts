import { describe, expect, it } from "vitest";
import { commemorativeDates } from "./commemorative-dates";
import { datedOffers, isOffer } from "./offers";

const november = commemorativeDates(2026, 11);
const december = commemorativeDates(2026, 12);

describe("datedOffers (what the request says about a date of the month)", () => {
  it("reads the words after or before the date's name, without the words that tie them", () => {
    const offers = (text: string) => Object.fromEntries(datedOffers([text], november));
    expect(offers("Black Friday: 3 meses grátis")).toEqual({ "Black Friday": "3 meses grátis" });
    expect(offers("Black Friday com 3 meses grátis")).toEqual({ "Black Friday": "3 meses grátis" });
    expect(offers("3 meses grátis na Black Friday")).toEqual({ "Black Friday": "3 meses grátis" });
    expect(offers("Oferta de Black Friday 27/11: 3 meses grátis")).toEqual({
      "Black Friday": "3 meses grátis",
    });
    expect(offers("- Cyber Monday: frete grátis\n- Black Friday")).toEqual({
      "Cyber Monday": "frete grátis",
    });
  });

  it("takes nothing from a bare name, from another month's date, or from an event on another day", () => {
    expect(datedOffers(["Black Friday"], november).size).toBe(0);
    expect(datedOffers(["Natal: frete grátis"], november).size).toBe(0);
    expect(datedOffers(["Live de Natal dia 20"], december).size).toBe(0);
    expect(Object.fromEntries(datedOffers(["Natal dia 25: cesta com 10% de desconto"], december))).toEqual({
      Natal: "cesta com 10% de desconto",
    });
  });

  it("takes a day typed a day or two off as the date itself (Black Friday was 28/11 in 2025)", () => {
    expect(Object.fromEntries(datedOffers(["Black Friday (28/11): 3 meses grátis"], november))).toEqual({
      "Black Friday": "3 meses grátis",
    });
    expect(Object.fromEntries(datedOffers(["3 meses grátis na Black Friday dia 26"], november))).toEqual({
      "Black Friday": "3 meses grátis",
    });
  });

  it("keeps the first text's words when both fields speak of the date", () => {
    const offers = datedOffers(["Black Friday: 3 meses grátis", "Oferta de Black Friday: 50% off"], november);
    expect(offers.get("Black Friday")).toBe("3 meses grátis");
  });

  it("tells an offer from another wish for the date", () => {
    expect(isOffer("3 meses grátis")).toBe(true);
    expect(isOffer("20% de desconto")).toBe(true);
    expect(isOffer("Frete grátis acima de R$ 200")).toBe(true);
    expect(isOffer("vitrine temática na loja")).toBe(false);
  });
});
