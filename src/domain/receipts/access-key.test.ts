import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidCnpj } from "../pix-key";
import {
  accessKeyCheckDigit,
  formatAccessKey,
  formatCnpj,
  formatCpf,
  parseAccessKey,
  STATE_BY_IBGE_CODE,
} from "./access-key";

/*
 * The check digit as the MOC publishes it, written again here so the module is
 * not tested against itself: every character worth charCode − 48, weights 2..9
 * repeating from the right, remainder 0 or 1 gives 0.
 */
function referenceRemainder(first43: string): number {
  const weights = [2, 3, 4, 5, 6, 7, 8, 9];
  const sum = [...first43]
    .reverse()
    .reduce((total, char, i) => total + (char.charCodeAt(0) - 48) * weights[i % 8]!, 0);
  return sum % 11;
}
function referenceCheckDigit(first43: string): number {
  const remainder = referenceRemainder(first43);
  return remainder === 0 || remainder === 1 ? 0 : 11 - remainder;
}
const withCheckDigit = (first43: string) => `${first43}${referenceCheckDigit(first43)}`;

/** A key from its fields, by default those of the first public key, with its check digit. */
function compose(
  fields: Partial<Record<"uf" | "aamm" | "issuer" | "model" | "serie" | "nNF" | "tpEmis" | "cNF", string>>,
) {
  const all = { uf: "43", aamm: "2101", issuer: "93015006003996", model: "65", serie: "123", ...fields };
  const rest = { nNF: "000316588", tpEmis: "1", cNF: "24453471", ...fields };
  return withCheckDigit(
    `${all.uf}${all.aamm}${all.issuer}${all.model}${all.serie}${rest.nNF}${rest.tpEmis}${rest.cNF}`,
  );
}

/** The CNPJ's two check digits (Receita Federal, alphanumeric CNPJ: charCode − 48), to build test CNPJs. */
function cnpjWithCheckDigits(first12: string): string {
  const digit = (text: string, weights: number[]) => {
    const sum = [...text].reduce((total, char, i) => total + (char.charCodeAt(0) - 48) * weights[i]!, 0);
    return sum % 11 < 2 ? 0 : 11 - (sum % 11);
  };
  const first = digit(first12, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return `${first12}${first}${digit(`${first12}${first}`, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2])}`;
}

describe("parseAccessKey on the public test keys", () => {
  // Facts read by hand from the positions: cUF(2) AAMM(4) CNPJ(14) mod(2) serie(3) nNF(9) tpEmis(1) cNF(8) cDV(1).
  it.each([
    [
      "43210193015006003996651230003165881244534711",
      { stateCode: "43", state: "RS", yearMonth: "2021-01", issuerCnpj: "93015006003996", model: "65" },
      { series: 123, number: 316588, emissionType: 1, checkDigit: 1 },
    ],
    [
      "43161275315333012115655130000089011048579176",
      { stateCode: "43", state: "RS", yearMonth: "2016-12", issuerCnpj: "75315333012115", model: "65" },
      { series: 513, number: 8901, emissionType: 1, checkDigit: 6 },
    ],
    [
      "43170495597571000242650190000478471125701799",
      { stateCode: "43", state: "RS", yearMonth: "2017-04", issuerCnpj: "95597571000242", model: "65" },
      { series: 19, number: 47847, emissionType: 1, checkDigit: 9 },
    ],
    [
      "13181017921427000125650010000000309887251170",
      { stateCode: "13", state: "AM", yearMonth: "2018-10", issuerCnpj: "17921427000125", model: "65" },
      { series: 1, number: 30, emissionType: 9, checkDigit: 0 },
    ],
    [
      "33150308370779000149550010001100931002410775",
      { stateCode: "33", state: "RJ", yearMonth: "2015-03", issuerCnpj: "08370779000149", model: "55" },
      { series: 1, number: 110093, emissionType: 1, checkDigit: 5 },
    ],
  ])("%s", (key, identity, numbers) => {
    expect(parseAccessKey(key)).toEqual({ key, ...identity, issuerCpf: null, ...numbers });
  });

  it.each([
    "43210193015006003996651230003165881244534711",
    "43161275315333012115655130000089011048579176",
    "43170495597571000242650190000478471125701799",
    "13181017921427000125650010000000309887251170",
    "33150308370779000149550010001100931002410775",
  ])("refuses %s with its check digit or a digit of its cNF changed", (key) => {
    const bump = (char: string) => String((Number(char) + 1) % 10);
    expect(parseAccessKey(`${key.slice(0, 43)}${bump(key[43]!)}`)).toBeNull();
    expect(parseAccessKey(`${key.slice(0, 35)}${bump(key[35]!)}${key.slice(36)}`)).toBeNull();
  });
});

describe("accessKeyCheckDigit", () => {
  it("gives the public keys' check digits", () => {
    expect(accessKeyCheckDigit("4321019301500600399665123000316588124453471")).toBe(1);
    expect(accessKeyCheckDigit("4316127531533301211565513000008901104857917")).toBe(6);
    expect(accessKeyCheckDigit("4317049559757100024265019000047847112570179")).toBe(9);
    expect(accessKeyCheckDigit("1318101792142700012565001000000030988725117")).toBe(0);
    expect(accessKeyCheckDigit("3315030837077900014955001000110093100241077")).toBe(5);
  });
  it("answers null for anything but 43 characters of [0-9A-Z]", () => {
    expect(accessKeyCheckDigit("431701955975710002426501900004784711257017")).toBeNull();
    expect(accessKeyCheckDigit("35260712abc34501de3565001000000123112345679")).toBeNull();
    expect(accessKeyCheckDigit("４317049559757100024265019000047847112570179")).toBeNull();
  });
});

describe("parseAccessKey, alphanumeric CNPJ (July 2026)", () => {
  it("reads a key whose check digit was computed by hand", () => {
    /*
     * 35 2607 12ABC34501DE35 65 001 000000123 1 12345679, letters worth ASCII − 48
     * (A 17, B 18, C 19, D 20, E 21), weights 2..9 from the right, running totals on the right:
     *   cNF 1,2,3,4,5,6,7,9 (w 9,8,7,6,5,4,3,2): 9+16+21+24+25+24+21+18 = 158
     *   tpEmis 1 (w2) 2; nNF 000000123 (w 5..3 on 1,2,3): 5+8+9 = 22; zeros 0   → 182
     *   serie 001 (w4 on 1) 4; mod 65 (w8, w7): 48+35 = 83                     → 269
     *   CNPJ 1,2,A,B,C,3,4,5,0,1,D,E,3,5 (w 6,5,4,3,2,9,8,7,6,5,4,3,2,9):
     *     6+10+68+54+38+27+32+35+0+5+80+63+6+45 = 469                           → 738
     *   AAMM 2,6,0,7 (w 2,9,8,7): 4+54+0+49 = 107; cUF 3,5 (w 4,3): 12+15 = 27  → 872
     * 872 = 11·79 + 3, so cDV = 11 − 3 = 8.
     */
    expect(parseAccessKey("35260712ABC34501DE3565001000000123112345679 8")).toMatchObject({
      key: "35260712ABC34501DE35650010000001231123456798",
      state: "SP",
      yearMonth: "2026-07",
      issuerCnpj: "12ABC34501DE35",
      model: "65",
      series: 1,
      number: 123,
      checkDigit: 8,
    });
    expect(parseAccessKey("35260712ABC34501DE35650010000001231123456797")).toBeNull();
  });

  it("reads keys built with the published algorithm, in any case", () => {
    const cnpj = cnpjWithCheckDigits("AB1CD2EF3GH4");
    expect(isValidCnpj(cnpj)).toBe(true);
    const key = compose({
      aamm: "2607",
      issuer: cnpj,
      model: "55",
      serie: "001",
      nNF: "987654321",
      cNF: "00000042",
    });
    expect(parseAccessKey(key)).toMatchObject({
      key,
      issuerCnpj: cnpj,
      model: "55",
      series: 1,
      number: 987654321,
    });
    expect(parseAccessKey(key.toLowerCase())?.key).toBe(key);
  });

  it("refuses letters outside the CNPJ's first 12 positions, even with a correct check digit", () => {
    const issuer = "12ABC34501DE35";
    expect(parseAccessKey(compose({ aamm: "2607", issuer }))).not.toBeNull();
    expect(parseAccessKey(compose({ aamm: "26A7", issuer }))).toBeNull();
    expect(parseAccessKey(compose({ aamm: "2607", issuer, cNF: "1234567A" }))).toBeNull();
    expect(parseAccessKey(compose({ aamm: "2607", issuer, serie: "0B1" }))).toBeNull();
    expect(parseAccessKey(compose({ aamm: "2607", issuer: "12ABC34501DE3A" }))).toBeNull();
  });

  it("does not let a non-ASCII letter upper-case into an ASCII one ('ı' → 'I')", () => {
    const cnpj = cnpjWithCheckDigits("1I2345678901");
    const key = compose({ uf: "35", aamm: "2607", issuer: cnpj });
    expect(parseAccessKey(key)?.issuerCnpj).toBe(cnpj);
    expect(parseAccessKey(key.replace("I", "i"))?.key).toBe(key);
    expect(parseAccessKey(key.replace("I", "ı"))).toBeNull();
  });
});

describe("parseAccessKey, what people paste", () => {
  const key = "43210193015006003996651230003165881244534711";
  it.each([
    "4321 0193 0150 0600 3996 6512 3000 3165 8812 4453 4711",
    "4321.0193.0150.0600.3996.6512.3000.3165.8812.4453.4711",
    "4321-0193-0150-0600-3996-6512-3000-3165-8812-4453-4711",
    "4321/0193/0150/0600/3996/6512/3000/3165/8812/4453/4711",
    "  43210193015006003996651230003165881244534711\n",
    "4321\u00a00193\u00a00150 0600\t3996 6512 3000 3165 8812 4453 4711",
    "43 2101 93.015.006/0039-96 65 123 000316588 1 24453471 1",
  ])("%j", (text) => {
    expect(parseAccessKey(text)?.key).toBe(key);
  });
});

describe("parseAccessKey refuses", () => {
  it("(each case below changes one field of a key that parses, check digit recomputed)", () => {
    expect(compose({})).toBe("43210193015006003996651230003165881244534711");
  });
  it.each([
    ["nothing", ""],
    ["43 digits", "4321019301500600399665123000316588124453471"],
    ["45 digits", "432101930150060039966512300031658812445347110"],
    ["other punctuation", "4321_0193_0150_0600_3996_6512_3000_3165_8812_4453_4711"],
    ["fullwidth digits", "４3210193015006003996651230003165881244534711"],
    ["Arabic-Indic digits", "٤3210193015006003996651230003165881244534711"],
    ["an unknown state, check digit right", compose({ uf: "99" })],
    ["state 00", compose({ uf: "00" })],
    ["month 00", compose({ aamm: "2100" })],
    ["month 13", compose({ aamm: "2113" })],
    ["model 57 (CT-e)", compose({ model: "57" })],
    ["model 59 (CF-e SAT)", compose({ model: "59" })],
    ["tpEmis 8", compose({ tpEmis: "8" })],
    ["tpEmis 0", compose({ tpEmis: "0" })],
    ["number 0", compose({ nNF: "000000000" })],
    ["an invalid CNPJ", compose({ issuer: "93015006003997" })],
    ["a repeated-digit CNPJ", compose({ issuer: "00000000000000" })],
    ["a lot of text", "4".repeat(10_000)],
  ])("%s", (_, text) => {
    expect(parseAccessKey(text)).toBeNull();
  });
});

describe("parseAccessKey, a person as issuer (NT 2018.001, NT 2023.002)", () => {
  it("reads the CPF after three zeros", () => {
    const key = compose({ aamm: "1810", issuer: "00052998224725", model: "55", serie: "920" });
    expect(parseAccessKey(key)).toMatchObject({ issuerCnpj: null, issuerCpf: "52998224725", series: 920 });
  });
  it("refuses three zeros and an invalid CPF", () => {
    expect(
      parseAccessKey(compose({ aamm: "1810", issuer: "00052998224726", model: "55", serie: "920" })),
    ).toBeNull();
  });
});

describe("the check digit as a property", () => {
  const stateCodes = ["11", "12", "13", "14", "15", "16", "17", "21", "22", "23", "24", "25", "26", "27"];
  const moreStateCodes = ["28", "29", "31", "32", "33", "35", "41", "42", "43", "50", "51", "52", "53"];
  const digits = (length: number) =>
    fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: length, maxLength: length });
  const first43 = fc
    .tuple(
      fc.constantFrom(...stateCodes, ...moreStateCodes),
      digits(2),
      fc.integer({ min: 1, max: 12 }),
      fc.constantFrom(
        "93015006003996",
        "75315333012115",
        "95597571000242",
        "17921427000125",
        "11222333000181",
      ),
      fc.constantFrom("55", "65"),
      digits(3),
      fc.integer({ min: 1, max: 999_999_999 }),
      fc.constantFrom(1, 2, 3, 4, 5, 6, 7, 9),
      digits(8),
    )
    .map(
      ([uf, yy, mm, cnpj, model, series, nNF, tpEmis, cNF]) =>
        `${uf}${yy}${String(mm).padStart(2, "0")}${cnpj}${model}${series}${String(nNF).padStart(9, "0")}${tpEmis}${cNF}`,
    );

  it("any well-formed 43 characters with their check digit parse, and the module agrees on the digit", () => {
    fc.assert(
      fc.property(first43, (prefix) => {
        expect(accessKeyCheckDigit(prefix)).toBe(referenceCheckDigit(prefix));
        expect(parseAccessKey(withCheckDigit(prefix))?.key).toBe(withCheckDigit(prefix));
      }),
    );
  });

  /*
   * One digit changed is always caught, except in one case the algorithm itself
   * allows: remainders 0 and 1 both give check digit 0, so a change that moves the
   * remainder from one to the other keeps the digit right. No other change can: a
   * change of d (1..9) at weight w (2..9) moves the sum by w·d, never a multiple of 11.
   */
  it("changing any single digit makes the key fail, unless the remainder only moves between 0 and 1", () => {
    const change = fc.tuple(first43, fc.integer({ min: 0, max: 43 }), fc.integer({ min: 1, max: 9 }));
    fc.assert(
      fc.property(change, ([prefix, index, delta]) => {
        const key = withCheckDigit(prefix);
        const changed = `${key.slice(0, index)}${(Number(key[index]) + delta) % 10}${key.slice(index + 1)}`;
        const blindSpot =
          index < 43 &&
          [0, 1].includes(referenceRemainder(prefix)) &&
          [0, 1].includes(referenceRemainder(changed.slice(0, 43)));
        if (!blindSpot) expect(parseAccessKey(changed)).toBeNull();
      }),
    );
  });

  it("the blind spot is real: the AM key with its last cNF digit 7 → 2 (remainder 0 → 1) still parses", () => {
    expect(referenceRemainder("1318101792142700012565001000000030988725117")).toBe(0);
    expect(referenceRemainder("1318101792142700012565001000000030988725112")).toBe(1);
    expect(parseAccessKey("13181017921427000125650010000000309887251120")).not.toBeNull();
  });

  it("never throws, whatever the text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => {
        expect(() => parseAccessKey(text)).not.toThrow();
      }),
    );
  });
});

describe("STATE_BY_IBGE_CODE", () => {
  it("has the 27 federative units, each once", () => {
    const states = Object.values(STATE_BY_IBGE_CODE);
    expect(states).toHaveLength(27);
    expect(new Set(states).size).toBe(27);
    expect(STATE_BY_IBGE_CODE).toMatchObject({
      "35": "SP",
      "33": "RJ",
      "43": "RS",
      "13": "AM",
      "53": "DF",
      "17": "TO",
    });
  });
});

describe("formatting", () => {
  it("prints the key in 11 groups of 4", () => {
    expect(formatAccessKey("43210193015006003996651230003165881244534711")).toBe(
      "4321 0193 0150 0600 3996 6512 3000 3165 8812 4453 4711",
    );
    expect(formatAccessKey("123")).toBe("123");
  });
  it("prints CNPJs, alphanumeric ones too, and CPFs", () => {
    expect(formatCnpj("93015006003996")).toBe("93.015.006/0039-96");
    expect(formatCnpj("12ABC34501DE35")).toBe("12.ABC.345/01DE-35");
    expect(formatCnpj("9301500600399")).toBe("9301500600399");
    expect(formatCpf("52998224725")).toBe("529.982.247-25");
    expect(formatCpf("5299822472")).toBe("5299822472");
  });
});
