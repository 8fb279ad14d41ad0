import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bytesOf, sgmlEntry, sgmlStatement } from "./fixtures/make-ofx";
import { readOfx } from "./read-ofx";
import { MAX_DEPTH, MAX_ENTRIES } from "./tags";

/*
 * Whatever is uploaded, the reader answers: a statement, or 'Arquivo OFX
 * inválido: …' saying why. It never throws.
 */

const TODAY = "2026-11-30";
const fixture = (name: string) =>
  new Uint8Array(readFileSync(path.join(import.meta.dirname, "fixtures", name)));

function refusal(bytes: Uint8Array): string {
  const result = readOfx(bytes, { today: TODAY });
  if (result.ok) throw new Error("the file was read, not refused");
  expect(result.message).toMatch(/^Arquivo OFX inválido: /);
  return result.message;
}

const entry = (amount: string, date = "20261110") => sgmlEntry({ fitid: "A1", date, amount, memo: "PIX" });

describe("files that are no statement", () => {
  it("empty, or only blanks", () => {
    expect(refusal(new Uint8Array())).toBe("Arquivo OFX inválido: o arquivo está vazio.");
    expect(refusal(bytesOf(" \r\n\t"))).toBe("Arquivo OFX inválido: o arquivo está vazio.");
  });

  it("a PDF's bytes", () => {
    const pdf = new Uint8Array([
      ...bytesOf("%PDF-1.7\n%"),
      0xe2,
      0xe3,
      0xcf,
      0xd3,
      ...bytesOf("\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"),
    ]);
    expect(refusal(pdf)).toContain("não começa com o cabeçalho OFX");
  });

  it("an HTML page, a CSV", () => {
    expect(refusal(bytesOf("<!DOCTYPE html><html><body>Extrato</body></html>"))).toContain("cabeçalho OFX");
    expect(refusal(bytesOf("Data;Histórico;Valor\n27/11/2026;PIX;-150,00\n"))).toContain("cabeçalho OFX");
  });

  it("a header of another version", () => {
    const text = sgmlStatement(entry("-1.00")).replace("OFXHEADER:100", "OFXHEADER:300");
    expect(refusal(bytesOf(text))).toContain("OFXHEADER 300");
  });

  it("a character set nobody knows", () => {
    const xml = `<?xml version="1.0" encoding="klingon"?><?OFX OFXHEADER="200" VERSION="220"?><OFX></OFX>`;
    expect(refusal(bytesOf(xml))).toContain('a codificação de caracteres "klingon"');
  });

  it("a header and nothing under it", () => {
    expect(refusal(bytesOf("OFXHEADER:100\r\nDATA:OFXSGML\r\n\r\n"))).toContain("não há o elemento <OFX>");
  });

  it("a credit card bill, two accounts, dollars", () => {
    const card = sgmlStatement(entry("-1.00")).replaceAll("STMTRS>", "CCSTMTRS>");
    expect(refusal(bytesOf(card))).toContain("fatura de cartão");
    const one = sgmlStatement(entry("-1.00"));
    const statement = one.slice(one.indexOf("<STMTRS>"), one.indexOf("</STMTRS>") + "</STMTRS>".length);
    expect(refusal(bytesOf(one.replace(statement, statement + statement)))).toContain("mais de uma conta");
    expect(refusal(bytesOf(sgmlStatement(entry("-1.00"), { currency: "USD" })))).toContain("está em USD");
  });
});

describe("a statement with a bad entry", () => {
  it.each([
    ["1e9", 'o lançamento A1 tem o valor "1e9", que não é um valor em reais'],
    ["12.345", 'o lançamento A1 tem o valor "12.345"'],
    ["1.234,56", 'o valor "1.234,56"'],
    ["-150.00 BRL", 'o valor "-150.00 BRL"'],
  ])("the amount '%s'", (amount, message) => {
    expect(refusal(bytesOf(sgmlStatement(entry(amount))))).toContain(message);
  });

  it("a date that is none", () => {
    expect(refusal(bytesOf(sgmlStatement(entry("-1.00", "20261131"))))).toContain(
      'o lançamento A1 tem a data "20261131"',
    );
  });

  it("no amount, no date; an entry without FITID is named by its position", () => {
    const noAmount = "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261110<FITID>B2</STMTTRN>";
    expect(refusal(bytesOf(sgmlStatement(noAmount)))).toContain("o lançamento B2 não tem <TRNAMT>");
    const noDate = "<STMTTRN><TRNTYPE>DEBIT<TRNAMT>-1.00</STMTTRN>";
    expect(refusal(bytesOf(sgmlStatement(noDate)))).toContain("o 1º lançamento não tem <DTPOSTED>");
  });
});

describe("broken and oversized files", () => {
  it("cut anywhere before </OFX>: refused as incomplete (or not OFX at all), never read short", () => {
    const whole = fixture("statement-v1-1252.ofx");
    const end = new TextDecoder("windows-1252").decode(whole).lastIndexOf("</OFX>");
    for (let cut = 0; cut < end; cut += 7) {
      const result = readOfx(whole.subarray(0, cut), { today: TODAY });
      expect(result.ok, `cut at ${cut}`).toBe(false);
    }
    expect(refusal(whole.subarray(0, end))).toContain("parece incompleto");
    // cut in the middle of an amount: '-1234.56' must not become '-12'
    const text = new TextDecoder("windows-1252").decode(whole);
    expect(refusal(whole.subarray(0, text.indexOf("-1234.56") + 3))).toContain("parece incompleto");
  });

  it("cut XML (OFX 2.x) too", () => {
    const whole = fixture("statement-v2-utf8.ofx");
    expect(refusal(whole.subarray(0, Math.floor(whole.length / 2)))).toContain("parece incompleto");
  });

  it(`more than ${MAX_ENTRIES} entries (30,000)`, () => {
    const one = sgmlEntry({ fitid: "F", date: "20261110", amount: "-1.00", memo: "PIX" });
    const body = Array.from({ length: 30_000 }, () => one).join("\r\n");
    expect(refusal(bytesOf(sgmlStatement(body)))).toBe(
      "Arquivo OFX inválido: o extrato tem mais de 20.000 lançamentos. Exporte um período menor.",
    );
  });

  it(`exactly ${MAX_ENTRIES} entries are read, even all with one FITID`, () => {
    const one = sgmlEntry({ fitid: "F", date: "20261110", amount: "-1.00" });
    const body = Array.from({ length: MAX_ENTRIES }, () => one).join("\r\n");
    const result = readOfx(bytesOf(sgmlStatement(body)), { today: TODAY });
    if (!result.ok) throw new Error(result.message);
    expect(new Set(result.entries.map((entry) => entry.fitid)).size).toBe(MAX_ENTRIES);
  });

  it("tags nested deeper than any statement", () => {
    const deep = `<A>`.repeat(100_000);
    expect(refusal(bytesOf(sgmlStatement(deep)))).toContain(`mais de ${MAX_DEPTH} níveis`);
    const closed = `${"<X>".repeat(MAX_DEPTH + 5)}1${"</X>".repeat(MAX_DEPTH + 5)}`;
    expect(refusal(bytesOf(`<?xml version="1.0"?><?OFX OFXHEADER="200"?><OFX>${closed}</OFX>`))).toContain(
      "níveis",
    );
  });

  it("floods of '<' and of unknown markup are read in one pass and refused", () => {
    expect(refusal(bytesOf(`OFXHEADER:100\r\n\r\n<OFX>${"<".repeat(200_000)}`))).toContain(
      "parece incompleto",
    );
    expect(refusal(bytesOf(`OFXHEADER:100\r\n\r\n<OFX>${"< x >".repeat(50_000)}`))).toContain(
      "parece incompleto",
    );
    expect(refusal(bytesOf(`OFXHEADER:100\r\n\r\n<OFX><!-- never closed`))).toContain("parece incompleto");
  });
});

describe("never throws", () => {
  const seed = fixture("statement-v1-1252.ofx");

  it("on random bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        expect(typeof readOfx(bytes, { today: TODAY }).ok).toBe("boolean");
      }),
    );
  });

  it("on a real statement with bytes changed, removed or inserted", () => {
    const mutation = fc.record({
      at: fc.nat({ max: seed.length - 1 }),
      remove: fc.nat({ max: 40 }),
      insert: fc.uint8Array({ maxLength: 40 }),
    });
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 5 }), (mutations) => {
        let bytes = seed;
        for (const { at, remove, insert } of mutations) {
          const start = Math.min(at, bytes.length);
          bytes = new Uint8Array([...bytes.subarray(0, start), ...insert, ...bytes.subarray(start + remove)]);
        }
        expect(typeof readOfx(bytes, { today: TODAY }).ok).toBe("boolean");
      }),
    );
  });

  it("on text made of OFX's own pieces", () => {
    const piece = fc.constantFrom(
      "<OFX>",
      "</OFX>",
      "<STMTRS>",
      "</STMTRS>",
      "<BANKTRANLIST>",
      "</BANKTRANLIST>",
      "<STMTTRN>",
      "</STMTTRN>",
      "<TRNAMT>",
      "<DTPOSTED>",
      "<FITID>",
      "<MEMO>",
      "-1.00",
      "20261110",
      "&amp;",
      "&#99999999;",
      "<",
      ">",
      "<?",
      "<!--",
      "\r\n",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const bytes = bytesOf(`OFXHEADER:100\r\n\r\n${pieces.join("")}`);
        expect(typeof readOfx(bytes, { today: TODAY }).ok).toBe("boolean");
      }),
    );
  });
});
