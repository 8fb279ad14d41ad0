import { afterEach, describe, expect, it, vi } from "vitest";
import { responseSummary } from "../modules/requests/automation-answer";
import { squashSpaces, stripTags } from "./plain-text";

/** What stripTags replaces: the same output, but quadratic on "<<<<…". Only ever given short texts here. */
const reference = (text: string) => text.replace(/<[^>]*>/g, " ");

/** mulberry32: the same texts in every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const N = 100_000;

describe("stripTags", () => {
  it("turns each tag into a space", () => {
    expect(stripTags("<p>Análise <b>iniciada</b>: resultado em 24h.</p>")).toBe(
      " Análise  iniciada : resultado em 24h. ",
    );
    expect(stripTags("a < b e c > d")).toBe("a   d");
    expect(stripTags("sem tags")).toBe("sem tags");
    expect(stripTags("<a<b>c")).toBe(" c");
    expect(stripTags("fim <aberto")).toBe("fim <aberto");
  });

  it("gives what /<[^>]*>/g gives, on every short text of <, >, a and space", () => {
    const rand = random(9);
    const alphabet = ["<", ">", "a", " "];
    for (let i = 0; i < 5000; i++) {
      const length = Math.floor(rand() * 12);
      let text = "";
      for (let j = 0; j < length; j++) text += alphabet[Math.floor(rand() * alphabet.length)];
      expect(stripTags(text), JSON.stringify(text)).toBe(reference(text));
    }
  });

  it("handles 100,000-character hostile texts, where the pattern backtracks", () => {
    expect(stripTags("<".repeat(N))).toBe("<".repeat(N));
    expect(stripTags("<a".repeat(N / 2))).toBe("<a".repeat(N / 2));
    expect(stripTags(`${"<".repeat(N)}>`)).toBe(" ");
    expect(stripTags("<>".repeat(N / 2))).toBe(" ".repeat(N / 2));
    expect(stripTags(`x${"<b".repeat(N / 2)}>y`)).toBe("x y");
    expect(stripTags(`${"<i>a".repeat(N / 4)}<`)).toBe(`${" a".repeat(N / 4)}<`);
  });
});

describe("squashSpaces", () => {
  it("collapses runs of whitespace, also a 100,000-character one", () => {
    expect(squashSpaces("  a \n\t b  ")).toBe("a b");
    expect(squashSpaces(`a${" ".repeat(N)}b`)).toBe("a b");
    expect(squashSpaces(" \t".repeat(N / 2))).toBe("");
  });
});

describe("responseSummary", () => {
  afterEach(() => vi.restoreAllMocks());

  it("runs no pattern that can backtrack: only /\\s+/g, which cannot", () => {
    const replace = RegExp.prototype[Symbol.replace];
    const used: string[] = [];
    vi.spyOn(RegExp.prototype, Symbol.replace).mockImplementation(function (
      this: RegExp,
      ...args: Parameters<typeof replace>
    ) {
      used.push(this.source);
      return replace.apply(this, args);
    });
    expect(responseSummary("<p>Olá, <b>mundo</b></p>")).toBe("Olá, mundo");
    expect(responseSummary('{"message":"<i>feito</i>"}')).toBe("feito");
    expect(new Set(used)).toEqual(new Set(["\\s+"]));
  });

  it("makes a short plain text of a hostile answer", () => {
    expect(responseSummary("<".repeat(N))).toBe(`${"<".repeat(299)}…`);
    expect(responseSummary(JSON.stringify({ message: `ok${"<x".repeat(N / 2)}` }))).toBe(
      `ok${"<x".repeat(148)}<…`,
    );
    expect(responseSummary(`<div>${"<br>".repeat(N / 4)}pronto</div>`)).toBe("pronto");
  });
});
