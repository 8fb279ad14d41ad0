import { describe, expect, it } from "vitest";
import { buildBrCode, crc16, tlv } from "./br-code";
import { brCodeReadMessages, parseBrCode, readAmountCents, readTlvs } from "./parse-br-code";

const CENTRAL_BANK_EXAMPLE =
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D";

/** A code from its fields, closed with the right CRC, to test one rule at a time. */
function codeOf(fields: ReadonlyArray<readonly [string, string]>): string {
  const payload = `${fields.map(([id, value]) => tlv(id, value)).join("")}6304`;
  return `${payload}${crc16(payload)}`;
}

const ACCOUNT = tlv("00", "br.gov.bcb.pix") + tlv("01", "52998224725");
const FIELDS: ReadonlyArray<readonly [string, string]> = [
  ["00", "01"],
  ["26", ACCOUNT],
  ["52", "0000"],
  ["53", "986"],
  ["54", "10.00"],
  ["58", "BR"],
  ["59", "FULANO"],
  ["60", "BRASILIA"],
  ["62", tlv("05", "ABC123")],
];

function withField(id: string, value: string | null): ReadonlyArray<readonly [string, string]> {
  return FIELDS.flatMap(([fieldId, fieldValue]) =>
    fieldId !== id ? [[fieldId, fieldValue] as const] : value === null ? [] : [[fieldId, value] as const],
  );
}

function reasonOf(code: string): string {
  const parsed = parseBrCode(code);
  return parsed.ok ? "parsed" : parsed.reason;
}

describe("parseBrCode", () => {
  it("reads the Central Bank's example", () => {
    const parsed = parseBrCode(CENTRAL_BANK_EXAMPLE);
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(parsed.key).toBe("123e4567-e12b-12d1-a456-426655440000");
    expect(parsed.name).toBe("Fulano de Tal");
    expect(parsed.city).toBe("BRASILIA");
    expect(parsed.amountCents).toBeNull();
    expect(parsed.txid).toBeNull();
    expect(parsed.description).toBeNull();
    expect(parsed.fields.all.get("63")).toBe("1D3D");
    expect([...parsed.fields.all.keys()]).toEqual(["00", "26", "52", "53", "58", "59", "60", "62", "63"]);
    expect(parsed.fields.merchantAccount.get("00")).toBe("br.gov.bcb.pix");
    expect(parsed.fields.additionalData.get("05")).toBe("***");
  });

  it("reads what buildBrCode writes", () => {
    const built = buildBrCode({
      key: "fulano@example.com",
      name: "Fulano de Tal",
      city: "Brasília",
      amountCents: 150075,
      txid: "BALCAO0123456789ABCDEF012",
      description: "Reembolso",
    });
    if (!built.ok) throw new Error(built.reason);
    expect(parseBrCode(`  ${built.code}\n`)).toMatchObject({
      ok: true,
      key: "fulano@example.com",
      name: "FULANO DE TAL",
      city: "BRASILIA",
      amountCents: 150075,
      txid: "BALCAO0123456789ABCDEF012",
      description: "REEMBOLSO",
    });
  });

  it("accepts the GUI in capitals, a lower-case CRC, a point of initiation and no 62", () => {
    const upper = codeOf(withField("26", tlv("00", "BR.GOV.BCB.PIX") + tlv("01", "52998224725")));
    expect(reasonOf(upper)).toBe("parsed");
    expect(reasonOf(upper.slice(0, -4) + upper.slice(-4).toLowerCase())).toBe("parsed");
    const once = codeOf([["00", "01"], ["01", "12"], ...FIELDS.slice(1)]);
    expect(parseBrCode(once)).toMatchObject({ ok: true, amountCents: 1000 });
    expect(parseBrCode(codeOf(withField("62", null)))).toMatchObject({ ok: true, txid: null });
  });

  it("refuses a code altered or cut short", () => {
    const good = codeOf(FIELDS);
    expect(reasonOf(good)).toBe("parsed");
    expect(reasonOf(good.replace("10.00", "90.00"))).toBe(brCodeReadMessages.crc);
    expect(reasonOf(good.slice(0, -1))).toBe(brCodeReadMessages.crc);
    expect(reasonOf(good.slice(0, 40))).toBe(brCodeReadMessages.crc);
    expect(reasonOf("")).toBe(brCodeReadMessages.crc);
    expect(reasonOf(`${good.slice(0, -4)}0000`)).toBe(brCodeReadMessages.crc);
  });

  it("refuses a field whose length lies, a repeated field, and a CRC that is not the last field", () => {
    const lying = "000201260500" + "6304";
    expect(reasonOf(lying + crc16(lying))).toBe(brCodeReadMessages.malformed);
    expect(reasonOf(codeOf([...FIELDS, ["59", "OUTRO"]]))).toBe(brCodeReadMessages.duplicated);
    // The code ends in '6304' and a right CRC, but inside field 99's value: there is no field 63.
    const prefix = `${FIELDS.map(([id, value]) => tlv(id, value)).join("")}9910AB6304`;
    expect(reasonOf(`${prefix}${crc16(prefix)}`)).toBe(brCodeReadMessages.malformed);
  });

  it("refuses what is not a static Pix code", () => {
    expect(reasonOf(codeOf([["01", "12"], ...FIELDS]))).toBe(brCodeReadMessages.payloadFormat);
    expect(reasonOf(codeOf(withField("00", "02")))).toBe(brCodeReadMessages.payloadFormat);
    expect(reasonOf(codeOf(withField("26", null)))).toBe(brCodeReadMessages.notPix);
    expect(reasonOf(codeOf(withField("26", tlv("00", "br.gov.bcb.outro") + tlv("01", "x"))))).toBe(
      brCodeReadMessages.notPix,
    );
    const dynamic = tlv("00", "br.gov.bcb.pix") + tlv("25", "pix.example.com/qr/v2/9d36b84f");
    expect(reasonOf(codeOf(withField("26", dynamic)))).toBe(brCodeReadMessages.dynamic);
  });

  it("refuses a wrong currency, country, category, name or city", () => {
    expect(reasonOf(codeOf(withField("53", "840")))).toBe(brCodeReadMessages.currency);
    expect(reasonOf(codeOf(withField("58", "US")))).toBe(brCodeReadMessages.country);
    expect(reasonOf(codeOf(withField("52", null)))).toBe(brCodeReadMessages.category);
    expect(reasonOf(codeOf(withField("59", "A".repeat(26))))).toBe(brCodeReadMessages.name);
    expect(reasonOf(codeOf(withField("59", " ")))).toBe(brCodeReadMessages.name);
    expect(reasonOf(codeOf(withField("60", "A".repeat(16))))).toBe(brCodeReadMessages.city);
    expect(reasonOf(codeOf(withField("60", null)))).toBe(brCodeReadMessages.city);
  });

  it("refuses a malformed amount or txid", () => {
    for (const amount of ["1,00", "-1.00", "1.000", "1e3", ".50", "12345678901.00"])
      expect(reasonOf(codeOf(withField("54", amount)))).toBe(brCodeReadMessages.amount);
    for (const txid of ["ABC-123", "A".repeat(26), "AÇÃO"])
      expect(reasonOf(codeOf(withField("62", tlv("05", txid))))).toBe(brCodeReadMessages.txid);
  });
});

describe("readAmountCents", () => {
  it("reads whole reais and one or two decimals without floating point", () => {
    expect(readAmountCents("123.45")).toBe(12345);
    expect(readAmountCents("1.5")).toBe(150);
    expect(readAmountCents("7")).toBe(700);
    expect(readAmountCents("7.")).toBe(700);
    expect(readAmountCents("0.29")).toBe(29);
    expect(readAmountCents("9999999999.99")).toBe(999_999_999_999);
  });
});

describe("readTlvs", () => {
  it("reads fields in order and refuses a zero length", () => {
    const read = readTlvs("0002010102120503***");
    expect(read.ok && [...read.value.entries()]).toEqual([
      ["00", "01"],
      ["01", "12"],
      ["05", "***"],
    ]);
    expect(readTlvs("0000").ok).toBe(false);
    expect(readTlvs("00").ok).toBe(false);
  });
});
