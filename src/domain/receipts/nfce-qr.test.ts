import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseNfceQr } from "./nfce-qr";

/** Hex of ASCII text, as v1 writes dhEmi and digVal. */
const hex = (text: string) =>
  [...text].map((char) => char.charCodeAt(0).toString(16).padStart(2, "0")).join("");

const RS_PAGE = "https://www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx";
const AM_PAGE = "https://sistemas.sefaz.am.gov.br/nfceweb/consultarNFCe.jsp";
const HASH = "7BD57045E529D6F14D97F1BAE333D35B27921441";
const DIG_VAL_HEX = hex("s7gru1lvHOO+tmMl0u+gBImdNSM=");
const SIGNATURE = "MEUCIQDx+3kz/Q9vY2lhbGlzYWRvcg==";

const RS_ONLINE_KEY = "43210193015006003996651230003165881244534711";
const AM_OFFLINE_KEY = "13181017921427000125650010000000309887251170";
/*
 * The AM key with AAMM 1811 (November, 30 days). Its check digit by hand: the AM key's
 * weighted sum is 693 (remainder 0, digit 0); the month's last digit goes 0 → 1 at
 * weight 7 (38th from the right: 2 + 37 mod 8), so 700 = 11·63 + 7, digit 11 − 7 = 4.
 */
const AM_OFFLINE_NOVEMBER_KEY = "13181117921427000125650010000000309887251174";

const v1Url = (key: string, dhEmi: string, vNF: string, extra = "") =>
  `${RS_PAGE}?chNFe=${key}&nVersao=100&tpAmb=1${extra}&dhEmi=${dhEmi}&vNF=${vNF}&vICMS=0.00&digVal=${DIG_VAL_HEX}&cIdToken=000001&cHashQRCode=${HASH}`;

describe("parseNfceQr, version 1 (before 2018)", () => {
  it("reads the total and the date of the RS note of December 2016", () => {
    const url = v1Url(
      "43161275315333012115655130000089011048579176",
      hex("2016-12-10T18:22:35-02:00"),
      "84.36",
    );
    expect(parseNfceQr(url)).toEqual({
      url,
      key: expect.objectContaining({
        key: "43161275315333012115655130000089011048579176",
        yearMonth: "2016-12",
      }),
      version: 1,
      environment: "producao",
      online: true,
      totalCents: 8436,
      issuedOn: "2016-12-10",
    });
  });

  it("reads the RS note of April 2017, dhEmi hex written out by hand, with cDest", () => {
    // '2017-04-21T15:31:07-03:00', one byte per character.
    const dhEmi = "323031372d30342d32315431353a33313a30372d30333a3030";
    const url = v1Url("43170495597571000242650190000478471125701799", dhEmi, "14.08", "&cDest=52998224725");
    expect(parseNfceQr(url)).toMatchObject({
      url,
      version: 1,
      totalCents: 1408,
      issuedOn: "2017-04-21",
      online: true,
    });
  });

  const key = "43170495597571000242650190000478471125701799";
  const april = hex("2017-04-21T15:31:07-03:00");
  it("accepts '&amp;', parameter names in any case, and no address", () => {
    const escaped = v1Url(key, april, "14.08").replaceAll("&", "&amp;");
    expect(parseNfceQr(escaped)).toMatchObject({ url: v1Url(key, april, "14.08"), totalCents: 1408 });
    const query = `CHNFE=${key}&NVERSAO=100&TPAMB=2&DHEMI=${april.toUpperCase()}&VNF=14.08`;
    expect(parseNfceQr(query)).toMatchObject({
      url: null,
      environment: "homologacao",
      issuedOn: "2017-04-21",
    });
  });

  it.each([
    ["dhEmi in another month than the key's", v1Url(key, hex("2017-05-02T10:00:00-03:00"), "14.08")],
    ["dhEmi of a day that does not exist", v1Url(key, hex("2017-04-31T10:00:00-03:00"), "14.08")],
    ["dhEmi that is no hex", v1Url(key, "2017-04-21T15:31:07-03:00", "14.08")],
    ["dhEmi of odd length", v1Url(key, april.slice(1), "14.08")],
    ["dhEmi that is no date-time", v1Url(key, hex("21/04/2017 15:31"), "14.08")],
    ["nVersao 200", v1Url(key, april, "14.08").replace("nVersao=100", "nVersao=200")],
    ["tpAmb 3", v1Url(key, april, "14.08").replace("tpAmb=1", "tpAmb=3")],
    ["no vNF", v1Url(key, april, "14.08").replace("&vNF=14.08", "")],
    ["vNF 1e5", v1Url(key, april, "1e5")],
    ["vNF given twice (which total?)", v1Url(key, april, "14.08", "&vNF=99.99")],
    [
      "a model 55 key",
      v1Url("33150308370779000149550010001100931002410775", hex("2015-03-02T10:00:00-03:00"), "1.00"),
    ],
  ])("refuses %s", (_, text) => {
    expect(parseNfceQr(text)).toBeNull();
  });
});

describe("parseNfceQr, version 2", () => {
  it("online: the key and the environment, no total, no date", () => {
    const url = `${RS_PAGE}?p=${RS_ONLINE_KEY}|2|1|1|${HASH}`;
    expect(parseNfceQr(url)).toEqual({
      url,
      key: expect.objectContaining({ key: RS_ONLINE_KEY, state: "RS", model: "65" }),
      version: 2,
      environment: "producao",
      online: true,
      totalCents: null,
      issuedOn: null,
    });
  });

  it("offline (tpEmis 9): the total, and the day made a date with the key's month", () => {
    const url = `${AM_PAGE}?p=${AM_OFFLINE_KEY}|2|1|15|25.90|${DIG_VAL_HEX}|1|${HASH}`;
    expect(parseNfceQr(url)).toMatchObject({
      url,
      version: 2,
      environment: "producao",
      online: false,
      totalCents: 2590,
      issuedOn: "2018-10-15",
    });
  });

  it.each([
    ["version 2 online with a tpEmis 9 key", `${AM_OFFLINE_KEY}|2|1|1|${HASH}`],
    ["version 2 offline with a tpEmis 1 key", `${RS_ONLINE_KEY}|2|1|15|25.90|${DIG_VAL_HEX}|1|${HASH}`],
    ["a hash of 39 characters", `${RS_ONLINE_KEY}|2|1|1|${HASH.slice(1)}`],
    ["an idCSC that is no number", `${RS_ONLINE_KEY}|2|1|x|${HASH}`],
    ["a digVal that is no hex", `${AM_OFFLINE_KEY}|2|1|15|25.90|${"z".repeat(56)}|1|${HASH}`],
    ["six fields", `${RS_ONLINE_KEY}|2|1|1|${HASH}|1`],
  ])("refuses %s", (_, text) => {
    expect(parseNfceQr(text)).toBeNull();
  });
});

describe("parseNfceQr, version 3 (NT 2025.001, no CSC)", () => {
  it("online: chave|3|tpAmb", () => {
    const url = `${RS_PAGE}?p=${RS_ONLINE_KEY}|3|2`;
    expect(parseNfceQr(url)).toMatchObject({
      url,
      version: 3,
      environment: "homologacao",
      online: true,
      totalCents: null,
      issuedOn: null,
    });
  });

  it("offline with the buyer's CPF and a base64 signature ('+', '/', '=')", () => {
    const url = `${AM_PAGE}?p=${AM_OFFLINE_KEY}|3|1|15|25.90|2|52998224725|${SIGNATURE}`;
    expect(parseNfceQr(url)).toMatchObject({
      url,
      version: 3,
      online: false,
      totalCents: 2590,
      issuedOn: "2018-10-15",
    });
  });

  it("offline without a buyer: the two fields stay empty", () => {
    const text = `${AM_OFFLINE_KEY}|3|1|05|7|||${SIGNATURE}`;
    expect(parseNfceQr(text)).toMatchObject({
      url: null,
      version: 3,
      totalCents: 700,
      issuedOn: "2018-10-05",
    });
  });

  it.each([
    ["a fourth field online", `${RS_ONLINE_KEY}|3|1|x`],
    ["an offline layout with a tpEmis 1 key", `${RS_ONLINE_KEY}|3|1|15|25.90|||${SIGNATURE}`],
    ["a buyer number with no kind", `${AM_OFFLINE_KEY}|3|1|15|25.90||52998224725|${SIGNATURE}`],
    ["buyer kind 4", `${AM_OFFLINE_KEY}|3|1|15|25.90|4|52998224725|${SIGNATURE}`],
    ["no signature", `${AM_OFFLINE_KEY}|3|1|15|25.90|||`],
    ["a signature that is no base64", `${AM_OFFLINE_KEY}|3|1|15|25.90|||não assinado`],
    ["version 4", `${RS_ONLINE_KEY}|4|1`],
  ])("refuses %s", (_, text) => {
    expect(parseNfceQr(text)).toBeNull();
  });
});

describe("parseNfceQr, the total and the day", () => {
  const offline = (day: string, total: string, key = AM_OFFLINE_KEY) =>
    `${key}|3|1|${day}|${total}|||${SIGNATURE}`;
  it.each([
    ["0", 0],
    ["0.5", 50],
    ["1234.56", 123456],
    ["9999999999999.99", 999999999999999],
  ])("total %s is %i cents", (total, cents) => {
    expect(parseNfceQr(offline("15", total))?.totalCents).toBe(cents);
  });

  it.each([
    "1e5",
    "-3",
    "+3",
    "1.234",
    "1,50",
    "1.",
    ".5",
    "",
    " 1.00",
    "Infinity",
    "0x10",
    "12345678901234",
  ])("refuses total %j", (total) => {
    expect(parseNfceQr(offline("15", total))).toBeNull();
  });

  it("the day must exist in the key's month", () => {
    expect(parseNfceQr(offline("31", "1.00"))?.issuedOn).toBe("2018-10-31");
    expect(parseNfceQr(offline("30", "1.00", AM_OFFLINE_NOVEMBER_KEY))?.issuedOn).toBe("2018-11-30");
    for (const day of ["31", "00", "32", "5", "1a", "٠٥"]) {
      expect(parseNfceQr(offline(day, "1.00", AM_OFFLINE_NOVEMBER_KEY))).toBeNull();
    }
  });
});

describe("parseNfceQr, what people paste", () => {
  const value = `${RS_ONLINE_KEY}|2|1|1|${HASH}`;
  it.each([
    ["just the p= value", value, null],
    ["'p=' and the value", `p=${value}`, null],
    ["the query with its '?'", `?p=${value}`, null],
    ["surrounding whitespace", `\n  ${RS_PAGE}?p=${value}  \t`, `${RS_PAGE}?p=${value}`],
    [
      "percent-encoded pipes",
      `${RS_PAGE}?p=${value.replaceAll("|", "%7C")}`,
      `${RS_PAGE}?p=${value.replaceAll("|", "%7C")}`,
    ],
    ["the parameter in capitals", `${RS_PAGE}?P=${value}`, `${RS_PAGE}?P=${value}`],
    [
      "another parameter first, and '&amp;'",
      `${RS_PAGE}?lang=pt&amp;p=${value}`,
      `${RS_PAGE}?lang=pt&p=${value}`,
    ],
    ["the address without its scheme", `www.sefaz.rs.gov.br/NFCE/NFCE-COM.aspx?p=${value}`, null],
  ])("%s", (_, text, url) => {
    expect(parseNfceQr(text)).toMatchObject({ url, version: 2, key: { key: RS_ONLINE_KEY } });
  });

  it("a v3 signature ending in '=' pasted without 'p='", () => {
    expect(parseNfceQr(`${AM_OFFLINE_KEY}|3|1|15|25.90|||${SIGNATURE}`)?.totalCents).toBe(2590);
  });
});

describe("parseNfceQr keeps only a SEFAZ address for 'Consultar na SEFAZ'", () => {
  const p = `p=${RS_ONLINE_KEY}|3|1`;
  it.each([
    ["another host", `https://sefaz.rs.gov.br.example.com/q?${p}`],
    ["a user name before a gov.br host", `https://x:y@www.sefaz.rs.gov.br/q?${p}`],
    ["a gov.br user name before another host", `https://www.sefaz.rs.gov.br@example.com/q?${p}`],
    ["a javascript: address", `javascript:alert(1)//?${p}`],
    ["an ftp address", `ftp://www.sefaz.rs.gov.br/q?${p}`],
  ])("not %s (the data is still read)", (_, text) => {
    expect(parseNfceQr(text)).toMatchObject({ url: null, version: 3 });
  });
});

describe("parseNfceQr refuses, never throws", () => {
  const junk = "x|=&%?".repeat(1700);
  it.each([
    ["nothing", ""],
    ["spaces", "   "],
    ["10 kB of junk", junk.slice(0, 10_000)],
    ["10 kB of pipes", "|".repeat(10_000)],
    ["an address without p=", RS_PAGE],
    ["an address with other parameters", `${RS_PAGE}?x=1&y=2`],
    ["p= empty", `${RS_PAGE}?p=`],
    ["p= twice", `${RS_PAGE}?p=${RS_ONLINE_KEY}|3|1&p=${RS_ONLINE_KEY}|3|2`],
    [
      "p= with a key whose check digit is wrong",
      `${RS_PAGE}?p=43210193015006003996651230003165881244534712|3|1`,
    ],
    ["p= with a model 55 key", `${RS_PAGE}?p=33150308370779000149550010001100931002410775|3|1`],
    ["p= with fullwidth digits in the key", `${RS_PAGE}?p=４3210193015006003996651230003165881244534711|3|1`],
    ["a broken percent escape", `${RS_PAGE}?p=${RS_ONLINE_KEY}|3|1%E0%A4%A`],
    ["tpAmb 0", `${RS_ONLINE_KEY}|3|0`],
    ["tpAmb '__proto__'", `${RS_ONLINE_KEY}|3|__proto__`],
    ["tpAmb 'constructor' in v1", `chNFe=${RS_ONLINE_KEY}&nVersao=100&tpAmb=constructor&dhEmi=&vNF=1.00`],
    ["a bare key (that is readReceiptInput's job)", RS_ONLINE_KEY],
  ])("%s", (_, text) => {
    expect(parseNfceQr(text)).toBeNull();
  });

  it("never throws, whatever the text or a QR changed at random", () => {
    const valid = `${AM_PAGE}?p=${AM_OFFLINE_KEY}|2|1|15|25.90|${DIG_VAL_HEX}|1|${HASH}`;
    const mutated = fc
      .tuple(fc.nat(valid.length), fc.nat(valid.length), fc.string({ unit: "binary", maxLength: 5 }))
      .map(
        ([from, to, insert]) =>
          `${valid.slice(0, Math.min(from, to))}${insert}${valid.slice(Math.max(from, to))}`,
      );
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary", maxLength: 400 }), mutated), (text) => {
        expect(() => parseNfceQr(text)).not.toThrow();
      }),
    );
  });
});
