import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseOfxAmount, parseOfxDate } from "./fields";
import { bytesOf, sgmlEntry, sgmlStatement } from "./fixtures/make-ofx";
import { type OfxStatement, readOfx } from "./read-ofx";

const fixture = (name: string) =>
  new Uint8Array(readFileSync(path.join(import.meta.dirname, "fixtures", name)));
const TODAY = "2026-11-30";

function read(bytes: Uint8Array, today = TODAY): OfxStatement {
  const result = readOfx(bytes, { today });
  if (!result.ok) throw new Error(result.message);
  return result;
}

const STATEMENT_ENTRIES = [
  {
    fitid: "202611160001",
    postedOn: "2026-11-16",
    amountCents: -15000,
    type: "DEBIT",
    name: "PIX ENVIADO",
    memo: "PIX ENVIADO - JOÃO DA SILVA",
  },
  {
    fitid: "202611190002",
    postedOn: "2026-11-19",
    amountCents: -123456,
    type: "DEBIT",
    name: "PIX ENVIADO",
    memo: "PIX ENVIADO - MARIA DA CONCEIÇÃO SOUZA",
  },
  {
    fitid: "202611200003",
    postedOn: "2026-11-20",
    amountCents: 500000,
    type: "CREDIT",
    name: "TED RECEBIDA",
    memo: "TED RECEBIDA - AGÊNCIA ÁGIL LTDA",
  },
  {
    fitid: "202611230004",
    postedOn: "2026-11-23",
    amountCents: -8990,
    type: "PAYMENT",
    name: "PIX ENVIADO",
    memo: "PIX ENVIADO BALCAO3F2A9C1D7E",
  },
  {
    fitid: "202611240005",
    postedOn: "2026-11-24",
    amountCents: -4500,
    type: "DEBIT",
    name: "TARIFA",
    memo: "TARIFA PACOTE SERVIÇOS & TED",
  },
  {
    fitid: "202611270006",
    postedOn: "2026-11-27",
    amountCents: -30000,
    type: "XFER",
    name: "TRANSFERENCIA",
    memo: "TRANSF ENTRE CONTAS",
  },
];

describe("the same statement in OFX 1.x (SGML, Windows-1252) and 2.x (XML, UTF-8)", () => {
  it("the 1.x fixture holds real Windows-1252 bytes, not UTF-8", () => {
    const bytes = fixture("statement-v1-1252.ofx");
    const joao = [0x4a, 0x4f, 0xc3, 0x4f]; // 'JOÃO': Ã is the single byte 0xC3 in 1252
    const found = bytes.findIndex((_, at) => joao.every((value, offset) => bytes[at + offset] === value));
    expect(found).toBeGreaterThan(0);
    expect(() => new TextDecoder("utf-8", { fatal: true }).decode(bytes)).toThrow();
    expect(bytes.includes(0x0d)).toBe(true); // CRLF kept: the file is committed as binary
  });

  it("reads the 1.x file: account, period, entries with accents, exact cents and entities", () => {
    const statement = read(fixture("statement-v1-1252.ofx"));
    expect(statement.version).toBe(1);
    expect(statement.account).toEqual({ bankId: "0341", accountId: "12345-6", currency: "BRL" });
    expect(statement.period).toEqual({ start: "2026-11-01", end: "2026-11-30" });
    expect(statement.entries).toEqual(STATEMENT_ENTRIES);
    expect(statement.skippedFuture).toBe(0);
    expect(statement.skippedBalances).toBe(0);
  });

  it("reads the 2.x file to the same statement", () => {
    const v1 = read(fixture("statement-v1-1252.ofx"));
    const v2 = read(fixture("statement-v2-utf8.ofx"));
    expect(v2.version).toBe(2);
    expect({ ...v2, version: 1 }).toEqual(v1);
  });
});

describe("future entries and balances", () => {
  it("skips entries after today and after DTEND, and balance lines; LEDGERBAL and AVAILBAL are no entries", () => {
    const early = read(fixture("future-and-balance.ofx"), "2026-11-27");
    expect(early.entries.map((entry) => entry.fitid)).toEqual(["F1"]);
    expect(early.skippedFuture).toBe(2);
    expect(early.skippedBalances).toBe(1);
    // Past the statement's end, the entry of 28/11 is in; the one of 02/12 is still after DTEND.
    const late = read(fixture("future-and-balance.ofx"), "2026-12-10");
    expect(late.entries.map((entry) => entry.fitid)).toEqual(["F1", "F2"]);
    expect(late.skippedFuture).toBe(1);
  });
});

describe("bank shapes", () => {
  it("comma decimals", () => {
    const statement = read(fixture("comma-decimal.ofx"));
    expect(statement.entries.map((entry) => entry.amountCents)).toEqual([-123456, -50, 150000]);
  });

  it("Itaú-like: MEMO only, '[-03:EST]' dates, period with times", () => {
    const statement = read(fixture("itau-like.ofx"));
    expect(statement.period).toEqual({ start: "2026-11-23", end: "2026-11-27" });
    expect(
      statement.entries.map((entry) => [entry.postedOn, entry.amountCents, entry.name, entry.memo]),
    ).toEqual([
      ["2026-11-24", -15000, "", "PIX TRANSF JOAO SIL24/11"],
      ["2026-11-25", -123456, "", "SISPAG PIX MARIA CONCEIC25/11"],
      ["2026-11-25", 1295352, "", "PIX RECEBIDO FUNDAME25/11 FUNDAMENTOS SISTEMAS LTDA"],
      ["2026-11-26", -6490, "", "TAR PACOTE ITAU NOV"],
      ["2026-11-26", -50000, "", "TED 001.4321ANA P REIS"],
    ]);
  });

  it("Banco do Brasil-like: closed tags under a 1.x header, empty MEMO, dotted FITIDs, balance lines with placeholder dates", () => {
    const statement = read(fixture("bb-like.ofx"));
    expect(statement.account).toEqual({ bankId: "1", accountId: "12345-6", currency: "BRL" });
    expect(statement.skippedBalances).toBe(2);
    expect(statement.entries).toEqual([
      {
        fitid: "11.848.430.597.722",
        postedOn: "2026-11-23",
        amountCents: -15000,
        type: "DEBIT",
        name: "Pix - Enviado",
        memo: "23/11 10:30 JOAO DA SILVA",
      },
      {
        fitid: "11.848.430.597.723",
        postedOn: "2026-11-24",
        amountCents: -123456,
        type: "DEBIT",
        name: "Pix - Enviado",
        memo: "24/11 09:22 MARIA DA CONCEICAO S",
      },
      {
        fitid: "11.848.430.597.724",
        postedOn: "2026-11-24",
        amountCents: 50090,
        type: "CREDIT",
        name: "Cobrança",
        memo: "",
      },
      {
        fitid: "11.848.430.597.725",
        postedOn: "2026-11-24",
        amountCents: -2398024,
        type: "DEBIT",
        name: "BB Rende Fácil",
        memo: "Rende Facil",
      },
    ]);
  });
});

describe("encodings", () => {
  const body = sgmlEntry({
    fitid: "E1",
    date: "20261116",
    amount: "-10.00",
    memo: "PIX ENVIADO - JOÃO CONCEIÇÃO",
  });
  const memoOf = (bytes: Uint8Array) => read(bytes).entries[0]?.memo;
  const latin1 = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

  it("CHARSET:1252 with 1252 bytes", () => {
    expect(memoOf(latin1(sgmlStatement(body, { charset: "1252" })))).toBe("PIX ENVIADO - JOÃO CONCEIÇÃO");
  });

  it("ENCODING:UTF-8, and CHARSET:NONE with UTF-8 bytes", () => {
    const utf8 = sgmlStatement(body).replace("ENCODING:USASCII", "ENCODING:UTF-8");
    expect(memoOf(bytesOf(utf8))).toBe("PIX ENVIADO - JOÃO CONCEIÇÃO");
    expect(memoOf(bytesOf(sgmlStatement(body)))).toBe("PIX ENVIADO - JOÃO CONCEIÇÃO");
  });

  it("CHARSET:NONE with 1252 bytes", () => {
    expect(memoOf(latin1(sgmlStatement(body)))).toBe("PIX ENVIADO - JOÃO CONCEIÇÃO");
  });

  it("a UTF-8 byte order mark wins over CHARSET:1252", () => {
    const text = sgmlStatement(body, { charset: "1252" });
    expect(memoOf(new Uint8Array([0xef, 0xbb, 0xbf, ...bytesOf(text)]))).toBe("PIX ENVIADO - JOÃO CONCEIÇÃO");
  });

  it("a file declared 1252 whose bytes are UTF-8 is read as UTF-8", () => {
    expect(memoOf(bytesOf(sgmlStatement(body, { charset: "1252" })))).toBe("PIX ENVIADO - JOÃO CONCEIÇÃO");
  });

  it("OFX 2.x takes the XML declaration's encoding", () => {
    const xml = new TextDecoder()
      .decode(fixture("statement-v2-utf8.ofx"))
      .replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    const statement = read(latin1(xml));
    expect(statement.entries[0]?.memo).toBe("PIX ENVIADO - JOÃO DA SILVA");
  });

  it("a file that starts at <OFX>, without its header, is still read", () => {
    const text = sgmlStatement(body);
    const statement = read(bytesOf(text.slice(text.indexOf("<OFX>"))));
    expect(statement.entries).toHaveLength(1);
  });
});

describe("entries", () => {
  it("FITIDs repeated or missing become unique, stable ids", () => {
    const body = [
      sgmlEntry({ fitid: "X", date: "20261110", amount: "-1.00" }),
      sgmlEntry({ fitid: "X", date: "20261110", amount: "-1.00" }),
      sgmlEntry({ fitid: "", date: "20261111", amount: "-2.50" }),
    ].join("\r\n");
    const fitids = read(bytesOf(sgmlStatement(body))).entries.map((entry) => entry.fitid);
    expect(fitids).toEqual(["X", "X#2", "20261111:-250"]);
  });

  it("OFX 2.x <PAYEE><NAME> stands for <NAME>", () => {
    const xml = new TextDecoder()
      .decode(fixture("statement-v2-utf8.ofx"))
      .replace("<NAME>TARIFA</NAME>", "<PAYEE><NAME>BANCO</NAME><ADDR1>X</ADDR1></PAYEE>");
    expect(read(bytesOf(xml)).entries[4]?.name).toBe("BANCO");
  });
});

describe("OFX amounts to exact cents", () => {
  it.each([
    ["-150.00", -15000],
    ["-150,00", -15000],
    ["+1234.5", 123450],
    ["0.1", 10],
    ["-.5", -50],
    ["-0.00", 0],
    ["100", 10000],
    ["  -89.90 ", -8990],
    ["1234567890123.45", 123456789012345],
    ["-0.29", -29],
    ["1.15", 115],
  ])("%s → %i", (text, cents) => {
    expect(parseOfxAmount(text)).toBe(cents);
  });

  it.each([
    "1e9",
    "12.345",
    "1.234,56",
    "1,234.56",
    "R$ 10,00",
    "-",
    "",
    ".",
    "10.",
    "--1",
    "1 000",
    "12345678901234.00",
  ])("'%s' is refused", (text) => {
    expect(parseOfxAmount(text)).toBeNull();
  });
});

describe("OFX dates as the bank meant them", () => {
  it.each([
    ["20261127", "2026-11-27"],
    ["20261127120000", "2026-11-27"],
    ["20261127120000[-3:BRT]", "2026-11-27"],
    ["20261127235959.999[-3:BRT]", "2026-11-27"],
    ["20261127100000[-03:EST]", "2026-11-27"],
    // an instant given in GMT is São Paulo's date at that instant
    ["20261128013000[0:GMT]", "2026-11-27"],
    ["20261128013000[+0:UTC]", "2026-11-27"],
    // midnight is a date padded with zeros, not an instant: it does not move
    ["20261127000000[0:GMT]", "2026-11-27"],
    // without an offset, São Paulo's time (Brazilian exports), not GMT
    ["20261127233000", "2026-11-27"],
  ])("%s → %s", (text, date) => {
    expect(parseOfxDate(text)).toBe(date);
  });

  it.each([
    "2026112",
    "20261131",
    "00021130000000[-3:BRT]",
    "20261127250000",
    "2026-11-27",
    "20261127[-30:X]",
    "abc",
  ])("'%s' is refused", (text) => {
    expect(parseOfxDate(text)).toBeNull();
  });
});
