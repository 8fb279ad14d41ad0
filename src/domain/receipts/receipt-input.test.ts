import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { monthsBetween, readReceiptInput, receiptMonthFarFrom } from "./receipt-input";

const KEY = "43210193015006003996651230003165881244534711";
const HASH = "7BD57045E529D6F14D97F1BAE333D35B27921441";

describe("readReceiptInput", () => {
  it("takes a key as printed, with no QR data", () => {
    const read = readReceiptInput("4321 0193 0150 0600 3996 6512 3000 3165 8812 4453 4711");
    expect(read).toEqual({ ok: true, key: expect.objectContaining({ key: KEY, state: "RS" }), qr: null });
  });

  it("takes an NF-e key (model 55), which has no QR code of this kind", () => {
    const read = readReceiptInput("33150308370779000149550010001100931002410775");
    expect(read).toMatchObject({ ok: true, key: { model: "55" }, qr: null });
  });

  it("takes a QR's content and gives its key and its data", () => {
    const url = `https://sistemas.sefaz.am.gov.br/nfceweb/consultarNFCe.jsp?p=13181017921427000125650010000000309887251170|3|1|15|25.90|||c2ln`;
    const read = readReceiptInput(url);
    expect(read).toMatchObject({
      ok: true,
      key: { key: "13181017921427000125650010000000309887251170", emissionType: 9 },
      qr: { url, totalCents: 2590, issuedOn: "2018-10-15" },
    });
  });

  it("takes just the p= value", () => {
    expect(readReceiptInput(`${KEY}|2|1|1|${HASH}`)).toMatchObject({ ok: true, qr: { version: 2 } });
  });

  it.each([
    "",
    "   ",
    "nota fiscal",
    "43210193015006003996651230003165881244534712",
    "4321019301500600399665123000316588124453471",
    `https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx?p=${KEY}|3|1|1e5`,
    "https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx",
    "x".repeat(10_000),
  ])("answers exactly 'Chave de acesso inválida' for %j", (text) => {
    expect(readReceiptInput(text)).toEqual({ ok: false, message: "Chave de acesso inválida" });
  });

  it("never throws", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => {
        expect(() => readReceiptInput(text)).not.toThrow();
      }),
    );
  });
});

describe("monthsBetween", () => {
  it("counts calendar months from the key's month to the expense's, signed", () => {
    expect(monthsBetween("2021-01", "2021-01-31")).toBe(0);
    expect(monthsBetween("2021-01", "2021-03-01")).toBe(2);
    expect(monthsBetween("2021-01", "2020-12-31")).toBe(-1);
    expect(monthsBetween("2020-11", "2022-01-10")).toBe(14);
  });
  it("answers null for malformed input", () => {
    expect(monthsBetween("2021-13", "2021-01-01")).toBeNull();
    expect(monthsBetween("2021-01", "2021-02-30")).toBeNull();
    expect(monthsBetween("2021-01", "01/02/2021")).toBeNull();
  });
});

describe("receiptMonthFarFrom", () => {
  const key = { yearMonth: "2021-01" };
  it("lets the same month and the months either side pass", () => {
    expect(receiptMonthFarFrom(key, "2021-01-15")).toBe(false);
    expect(receiptMonthFarFrom(key, "2021-02-28")).toBe(false);
    expect(receiptMonthFarFrom(key, "2020-12-01")).toBe(false);
  });
  it("flags two months or more, either way, across the year too", () => {
    expect(receiptMonthFarFrom(key, "2021-03-01")).toBe(true);
    expect(receiptMonthFarFrom(key, "2020-11-30")).toBe(true);
    expect(receiptMonthFarFrom(key, "2022-01-15")).toBe(true);
  });
  it("takes another distance", () => {
    expect(receiptMonthFarFrom(key, "2021-03-01", 2)).toBe(false);
    expect(receiptMonthFarFrom(key, "2021-04-01", 2)).toBe(true);
  });
  it("gives no flag when the expense date is no date", () => {
    expect(receiptMonthFarFrom(key, "")).toBe(false);
    expect(receiptMonthFarFrom(key, "2025-02-29")).toBe(false);
  });
});
