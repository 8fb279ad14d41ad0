import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  brCodeMessages,
  buildBrCode,
  cleanMerchantText,
  crc16,
  formatAmount,
  MAX_AMOUNT_CENTS,
  requestIdPrefixFromTxid,
  txidForRequest,
} from "./br-code";
import { parseBrCode } from "./parse-br-code";

const CENTRAL_BANK_EXAMPLE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

const PAYMENT = {
  key: "529.982.247-25",
  name: "João da Silva",
  city: "São Paulo",
  amountCents: 12345,
  txid: "BALCAO3F2A1B4C5D6E4F70812",
};

describe("crc16 (CRC-16/CCITT-FALSE)", () => {
  it("gives the catalogued check value and the values of short inputs", () => {
    expect(crc16("123456789")).toBe("29B1");
    expect(crc16("")).toBe("FFFF");
    expect(crc16("A")).toBe("B915");
  });

  it("gives the Central Bank example's CRC over everything up to and including 6304", () => {
    expect(crc16(CENTRAL_BANK_EXAMPLE.slice(0, -4))).toBe("1D3D");
  });

  it("pads to four upper-case hex digits", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(crc16(text)).toMatch(/^[0-9A-F]{4}$/);
      }),
    );
  });
});

describe("cleanMerchantText", () => {
  it("takes accents off and upper-cases", () => {
    expect(cleanMerchantText("São Paulo", 15)).toBe("SAO PAULO");
    expect(cleanMerchantText("Conceição Araújo Müller", 25)).toBe("CONCEICAO ARAUJO MULLER");
    expect(cleanMerchantText("Brasília", 15)).toBe("BRASILIA");
  });

  it("joins across apostrophes and turns other punctuation into single spaces", () => {
    expect(cleanMerchantText("D'Ávila & Filhos Ltda.", 25)).toBe("DAVILA FILHOS LTDA");
    expect(cleanMerchantText("Sant’Ana", 25)).toBe("SANTANA");
    expect(cleanMerchantText("  Maria   (Financeiro) - SP ", 25)).toBe("MARIA FINANCEIRO SP");
    expect(cleanMerchantText("J.R.R. Tolkien", 25)).toBe("J R R TOLKIEN");
  });

  it("keeps what has an ASCII form and drops what has none", () => {
    expect(cleanMerchantText("Straße", 25)).toBe("STRASSE");
    expect(cleanMerchantText("ＡＢＣ ﬁ", 25)).toBe("ABC FI");
    expect(cleanMerchantText("🙂 José 北京", 25)).toBe("JOSE");
    expect(cleanMerchantText("北京", 25)).toBe("");
  });

  it("cuts to the limit without a trailing space", () => {
    expect(cleanMerchantText("Maria da Conceição dos Santos Oliveira", 25)).toBe("MARIA DA CONCEICAO DOS SA");
    expect(cleanMerchantText("ABCDEFGHIJKLMNOPQRSTUVWX YZ", 25)).toBe("ABCDEFGHIJKLMNOPQRSTUVWX");
    expect(cleanMerchantText("Rio de Janeiro Centro", 15)).toBe("RIO DE JANEIRO");
  });

  it("always gives A–Z, digits and single inner spaces within the limit, and is idempotent", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", maxLength: 60 }),
        fc.integer({ min: 1, max: 30 }),
        (text, max) => {
          const cleaned = cleanMerchantText(text, max);
          expect(cleaned.length).toBeLessThanOrEqual(max);
          expect(cleaned).toMatch(/^(?:[A-Z0-9]+(?: [A-Z0-9]+)*)?$/);
          expect(cleanMerchantText(cleaned, max)).toBe(cleaned);
        },
      ),
    );
  });
});

describe("txidForRequest", () => {
  it("is BALCAO and the UUID's first 19 hex digits, upper-case, 25 characters", () => {
    const txid = txidForRequest("3f2a1b4c-5d6e-4f70-8123-9abcdef01234");
    expect(txid).toBe("BALCAO3F2A1B4C5D6E4F70812");
    expect(txid).toHaveLength(25);
  });

  it("is deterministic, alphanumeric, and leads back to the request's id", () => {
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        const txid = txidForRequest(id);
        expect(txidForRequest(id)).toBe(txid);
        expect(txid).toMatch(/^BALCAO[0-9A-F]{19}$/);
        const prefix = requestIdPrefixFromTxid(txid);
        expect(prefix).not.toBeNull();
        expect(id.toLowerCase().startsWith(prefix ?? "-")).toBe(true);
      }),
    );
  });

  it("tells apart different requests", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.uuid(), { minLength: 2, maxLength: 50 }), (ids) => {
        expect(new Set(ids.map(txidForRequest)).size).toBe(ids.length);
      }),
    );
  });

  it("refuses an id without letters or digits, and reads only txids of ours", () => {
    expect(() => txidForRequest("---")).toThrow();
    expect(requestIdPrefixFromTxid("***")).toBeNull();
    expect(requestIdPrefixFromTxid("OUTRO3F2A1B4C5D6E4F708123")).toBeNull();
    expect(requestIdPrefixFromTxid("balcao3f2a1b4c5d6e4f70812")).toBe("3f2a1b4c-5d6e-4f70-812");
  });
});

describe("formatAmount", () => {
  it("writes reais, a dot and two decimals, no thousands separator", () => {
    expect(formatAmount(1)).toBe("0.01");
    expect(formatAmount(12345)).toBe("123.45");
    expect(formatAmount(100000000)).toBe("1000000.00");
    expect(formatAmount(MAX_AMOUNT_CENTS)).toBe("9999999999.99");
  });
});

describe("buildBrCode", () => {
  it("writes every field of a static code in the EMV order", () => {
    const payload = [
      "000201",
      "2633" + "0014br.gov.bcb.pix" + "011152998224725",
      "52040000",
      "5303986",
      "5406123.45",
      "5802BR",
      "5913JOAO DA SILVA",
      "6009SAO PAULO",
      "6229" + "0525BALCAO3F2A1B4C5D6E4F70812",
      "6304",
    ].join("");
    expect(buildBrCode(PAYMENT)).toEqual({ ok: true, code: `${payload}${crc16(payload)}` });
  });

  it("writes the key as DICT stores it", () => {
    const keyOf = (key: string) => {
      const result = buildBrCode({ ...PAYMENT, key });
      if (!result.ok) throw new Error(result.reason);
      const parsed = parseBrCode(result.code);
      return parsed.ok ? parsed.key : parsed.reason;
    };
    expect(keyOf("529.982.247-25")).toBe("52998224725");
    expect(keyOf("11.222.333/0001-81")).toBe("11222333000181");
    expect(keyOf("12.ABC.345/01DE-35")).toBe("12ABC34501DE35");
    expect(keyOf(" Fulano.Tal@Example.COM ")).toBe("fulano.tal@example.com");
    expect(keyOf("(11) 98765-4321")).toBe("+5511987654321");
    expect(keyOf("123E4567-E12B-12D1-A456-426655440000")).toBe("123e4567-e12b-12d1-a456-426655440000");
  });

  it("adds a cleaned description inside template 26", () => {
    const result = buildBrCode({ ...PAYMENT, description: "Reembolso nº 12 — táxi" });
    if (!result.ok) throw new Error(result.reason);
    const parsed = parseBrCode(result.code);
    expect(parsed.ok && parsed.description).toBe("REEMBOLSO NO 12 TAXI");
  });

  it("accepts '***' for a code without txid", () => {
    const result = buildBrCode({ ...PAYMENT, txid: "***" });
    if (!result.ok) throw new Error(result.reason);
    expect(result.code).toContain("62070503***6304");
  });

  describe("refusals, in Portuguese", () => {
    const reason = (change: Partial<Parameters<typeof buildBrCode>[0]>) => {
      const result = buildBrCode({ ...PAYMENT, ...change });
      return result.ok ? "built" : result.reason;
    };

    it("a key that is no valid PIX key", () => {
      expect(brCodeMessages.invalidKey).toBe("Chave PIX inválida: corrija a chave no pedido antes de pagar.");
      for (const key of ["", "   ", "529.982.247-24", "11222333000182", "fulano@", "+1 212 555 0100", "abc"])
        expect(reason({ key })).toBe(brCodeMessages.invalidKey);
    });

    it("an amount that is not a positive whole number of cents", () => {
      for (const amountCents of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])
        expect(reason({ amountCents })).toBe(brCodeMessages.invalidAmount);
    });

    it("an amount above 13 characters", () => {
      expect(reason({ amountCents: MAX_AMOUNT_CENTS })).toBe("built");
      expect(reason({ amountCents: MAX_AMOUNT_CENTS + 1 })).toBe(brCodeMessages.amountTooLarge);
    });

    it("a name or a city empty after cleaning", () => {
      expect(reason({ name: "  ...  " })).toBe(brCodeMessages.emptyName);
      expect(reason({ name: "北京" })).toBe(brCodeMessages.emptyName);
      expect(reason({ city: "" })).toBe(brCodeMessages.emptyCity);
      expect(reason({ city: "—" })).toBe(brCodeMessages.emptyCity);
    });

    it("a txid that is not 1 to 25 letters or digits", () => {
      for (const txid of ["", "BALCAO-1", "AÇÃO", "A".repeat(26), "**", "ABC DEF"])
        expect(reason({ txid })).toBe(brCodeMessages.invalidTxid);
      expect(reason({ txid: "A".repeat(25) })).toBe("built");
    });

    it("a key and description over template 26's 99 characters", () => {
      // 18 (GUI) + 4 + 60 (key) = 82: 13 characters of description still fit, 14 do not.
      const key = `${"a".repeat(48)}@example.com`;
      expect(key).toHaveLength(60);
      expect(reason({ key })).toBe("built");
      expect(reason({ key, description: "A".repeat(13) })).toBe("built");
      expect(reason({ key, description: "A".repeat(14) })).toBe(brCodeMessages.templateTooLong);
      expect(reason({ key: `${"a".repeat(65)}@example.com`, description: "Reembolso" })).toBe(
        brCodeMessages.templateTooLong,
      );
    });
  });
});
