import { describe, expect, it } from "vitest";
import {
  checkLayout,
  type Field,
  formatField,
  LayoutError,
  mergeLayout,
  RECORD_LENGTH,
  readRecord,
  renderRecord,
  replaceField,
  toBankText,
} from "./layout";
import { BANK_PROFILES } from "./profiles";

type Ctx = { name: string; amount: number };

const LAYOUT: Field<Ctx>[] = [
  { name: "kind", start: 1, end: 1, type: "num", value: 3 },
  { name: "name", start: 2, end: 11, type: "alfa", value: (c) => c.name, label: "nome" },
  { name: "amount", start: 12, end: 20, type: "num", value: (c) => c.amount },
  { name: "rest", start: 21, end: 240, type: "alfa" },
];

describe("renderRecord", () => {
  it("pads numbers with zeros on the left and text with blanks on the right, 240 positions in all", () => {
    const line = renderRecord(LAYOUT, { name: "Ana", amount: 1234 });
    expect(line).toHaveLength(RECORD_LENGTH);
    expect(line.slice(0, 20)).toBe("3ANA       000001234");
    expect(line.slice(20)).toBe(" ".repeat(220));
  });

  it("writes text in capitals without accents", () => {
    expect(renderRecord(LAYOUT, { name: "Ção Ênio", amount: 0 }).slice(1, 11)).toBe("CAO ENIO  ");
    expect(toBankText("Zoë Ørsted straße Łódź – “ok”")).toBe('ZOE ORSTED STRASSE LODZ - "OK"');
  });

  it("refuses a value that does not fit, with a typed error saying which field and why", () => {
    const tooLong = () => renderRecord(LAYOUT, { name: "Bartolomeu Gusmão", amount: 1 });
    expect(tooLong).toThrow(LayoutError);
    expect(tooLong).toThrow('nome (posições 2 a 11) comporta 10 caracteres; "BARTOLOMEU GUSMAO" tem 17.');
    let caught: unknown;
    try {
      renderRecord(LAYOUT, { name: "Ana", amount: 1_000_000_000 });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(LayoutError);
    expect(caught).toMatchObject({ field: "amount", start: 12, end: 20 });
    expect((caught as LayoutError).message).toBe(
      'amount (posições 12 a 20) comporta 9 dígitos; "1000000000" tem 10.',
    );
  });

  it("refuses negative, fractional and non-digit numbers, and characters a CNAB file cannot carry", () => {
    const amount = LAYOUT[2] as Field<Ctx>;
    expect(() => formatField(amount, -1)).toThrow("não é um número inteiro positivo");
    expect(() => formatField(amount, 1.5)).toThrow("não é um número inteiro positivo");
    expect(() => formatField(amount, "12a")).toThrow("aceita só dígitos");
    expect(() => renderRecord(LAYOUT, { name: "李雷", amount: 1 })).toThrow('não pode levar "李", "雷"');
    expect(() => renderRecord(LAYOUT, { name: "tab\there", amount: 1 })).toThrow("não pode levar");
  });

  it("lets a numeric field take letters only when it says so (the alphanumeric CNPJ)", () => {
    const cnpj: Field<unknown> = { name: "cnpj", start: 1, end: 14, type: "num", letters: true };
    expect(formatField(cnpj, "12ABC34501DE35")).toBe("12ABC34501DE35");
    expect(() => formatField(cnpj, "12abc34501de35")).toThrow("só dígitos e letras maiúsculas");
  });

  it("keeps case and punctuation in a verbatim field (the PIX key)", () => {
    const key: Field<unknown> = { name: "key", start: 1, end: 40, type: "alfa", verbatim: true };
    expect(formatField(key, "zoe.o+pix@example.com").trimEnd()).toBe("zoe.o+pix@example.com");
  });

  it("refuses a layout that does not cover 240 positions", () => {
    const short = LAYOUT.slice(0, 3);
    expect(() => renderRecord(short, { name: "A", amount: 1 })).toThrow("240");
    expect(checkLayout(short)).toEqual(["Os campos terminam na posição 20, não na 240."]);
  });
});

describe("readRecord", () => {
  it("reads fields by name: text without trailing blanks, numbers as their digits", () => {
    const line = renderRecord(LAYOUT, { name: "Ana Maria", amount: 42 });
    expect(readRecord(LAYOUT, line)).toEqual({
      ok: true,
      values: { kind: "3", name: "ANA MARIA", amount: "000000042", rest: "" },
    });
  });

  it("says why a line cannot be read instead of guessing", () => {
    expect(readRecord(LAYOUT, "3".repeat(239))).toEqual({
      ok: false,
      message: "A linha tem 239 caracteres; o CNAB 240 exige 240.",
    });
    const line = renderRecord(LAYOUT, { name: "Ana", amount: 42 }).replace("000000042", "0000004X2");
    expect(readRecord(LAYOUT, line)).toEqual({
      ok: false,
      message: 'amount (posições 12 a 20) deveria ter só dígitos e tem "0000004X2".',
    });
  });

  it("rewrites one field in place", () => {
    const line = renderRecord(LAYOUT, { name: "Ana", amount: 42 });
    const changed = replaceField(line, LAYOUT, "amount", 7);
    expect(changed.slice(11, 20)).toBe("000000007");
    expect(changed.length).toBe(RECORD_LENGTH);
    expect(() => replaceField(line, LAYOUT, "nope", 1)).toThrow(LayoutError);
  });
});

describe("mergeLayout", () => {
  it("replaces every base field a bank's field overlaps and keeps the rest", () => {
    const merged = mergeLayout(LAYOUT, [
      { name: "shortName", start: 2, end: 6, type: "alfa" },
      { name: "code", start: 7, end: 15, type: "num" },
    ]);
    expect(merged.map((field) => field.name)).toEqual(["kind", "shortName", "code", "rest"]);
    expect(checkLayout(merged)).toEqual(['O campo "rest" começa na posição 21; esperava-se a 16.']);
  });
});

describe("every bank profile", () => {
  for (const profile of Object.values(BANK_PROFILES)) {
    for (const [record, fields] of Object.entries(profile.layouts)) {
      it(`${profile.label}: ${record} covers positions 1 to 240 once, with unique names`, () => {
        expect(checkLayout(fields)).toEqual([]);
      });
    }
  }
});
