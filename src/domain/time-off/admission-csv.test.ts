import { describe, expect, it } from "vitest";
import {
  ADMISSION_CSV_MAX_LINES,
  admissionDateError,
  admissionMessages,
  parseAdmissionCsv,
  parseAdmissionDate,
} from "./admission-csv";

/*
 * 'Importar CSV' on 'Pessoas' (docs/decisions/060): what RH's spreadsheet may look like, and the
 * Portuguese reason given for each line refused. Lines are numbered as the spreadsheet numbers them
 * (1-based, blank lines and the header included).
 */

const TODAY = "2025-06-10";

describe("parseAdmissionDate and admissionDateError", () => {
  it("reads dd/mm/aaaa and aaaa-mm-dd, and nothing else", () => {
    expect(parseAdmissionDate("01/02/2020")).toBe("2020-02-01");
    expect(parseAdmissionDate(" 1/2/2020 ")).toBe("2020-02-01");
    expect(parseAdmissionDate("2020-02-01")).toBe("2020-02-01");
    expect(parseAdmissionDate("29/02/2024")).toBe("2024-02-29");
    for (const wrong of ["31/02/2024", "29/02/2023", "2023-02-29", "2020-13-01", "01-02-2020", "ontem", ""]) {
      expect(parseAdmissionDate(wrong), wrong).toBeNull();
    }
  });

  it("allows from 1950 to a year after today", () => {
    expect(admissionDateError("1950-01-01", TODAY)).toBeNull();
    expect(admissionDateError("2026-06-10", TODAY)).toBeNull();
    expect(admissionDateError("1949-12-31", TODAY)).toBe(admissionMessages.dateOutOfRange);
    expect(admissionDateError("2026-06-11", TODAY)).toBe(admissionMessages.dateOutOfRange);
    expect(admissionDateError("10/06/2025", TODAY)).toBe(admissionMessages.dateInvalid);
  });
});

describe("parseAdmissionCsv", () => {
  it("reads ';' with a BOM, CRLF, a header, blank lines and both date forms", () => {
    const text =
      "\uFEFFE-mail;Data de admissão\r\nana@agencia.digital;06/03/2023\r\n\r\n  \r\nBia@Agencia.Digital ; 2024-01-15\r\n";
    expect(parseAdmissionCsv(text, TODAY)).toEqual({
      rows: [
        { line: 2, email: "ana@agencia.digital", date: "2023-03-06" },
        { line: 5, email: "bia@agencia.digital", date: "2024-01-15" },
      ],
      refused: [],
      fileError: null,
    });
  });

  it("reads ',' without a header, quoted cells and a trailing separator", () => {
    const text = '"caio@agencia.digital","01/08/2019"\ndavi@agencia.digital,2021-11-30,\n';
    expect(parseAdmissionCsv(text, TODAY)).toEqual({
      rows: [
        { line: 1, email: "caio@agencia.digital", date: "2019-08-01" },
        { line: 2, email: "davi@agencia.digital", date: "2021-11-30" },
      ],
      refused: [],
      fileError: null,
    });
  });

  it("refuses each bad line with its number and its reason in Portuguese", () => {
    const text = [
      "email;data",
      "ana@agencia.digital;31/02/2024",
      "fulano;01/02/2020",
      "bia@agencia.digital;2023-02-29",
      "caio@agencia.digital;01/02/2020;RH",
      "davi@agencia.digital",
      "eva@agencia.digital;01/01/1949",
      "EVA@agencia.digital;01/02/2020",
      "eva@agencia.digital;02/02/2020",
      "fabio@agencia.digital;01/01/2030",
    ].join("\n");
    const parsed = parseAdmissionCsv(text, TODAY);
    expect(parsed.fileError).toBeNull();
    expect(parsed.refused).toEqual([
      { line: 2, reason: 'Data inválida: "31/02/2024" (use dd/mm/aaaa ou aaaa-mm-dd).' },
      { line: 3, reason: 'E-mail inválido: "fulano".' },
      { line: 4, reason: 'Data inválida: "2023-02-29" (use dd/mm/aaaa ou aaaa-mm-dd).' },
      { line: 5, reason: "A linha tem 3 colunas; são esperadas 2 (e-mail;data de admissão)." },
      { line: 6, reason: "A linha tem 1 coluna; são esperadas 2 (e-mail;data de admissão)." },
      {
        line: 7,
        reason: "Data de admissão fora do intervalo permitido (de 1950 até um ano à frente)",
      },
      { line: 9, reason: "E-mail repetido (já está na linha 8)." },
      {
        line: 10,
        reason: "Data de admissão fora do intervalo permitido (de 1950 até um ano à frente)",
      },
    ]);
    // The good line is read, but the caller stores nothing while any line is refused.
    expect(parsed.rows).toEqual([{ line: 8, email: "eva@agencia.digital", date: "2020-02-01" }]);
  });

  it("skips a header only as the first line: a second one is a bad e-mail", () => {
    const parsed = parseAdmissionCsv("ana@agencia.digital;01/02/2020\ne-mail;data de admissão\n", TODAY);
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.refused).toEqual([{ line: 2, reason: 'E-mail inválido: "e-mail".' }]);
  });

  it("a line refused for its date keeps its e-mail free: the fixed line later is no duplicate", () => {
    const parsed = parseAdmissionCsv(
      "ana@agencia.digital;31/02/2024\nana@agencia.digital;28/02/2024\n",
      TODAY,
    );
    expect(parsed.rows).toEqual([{ line: 2, email: "ana@agencia.digital", date: "2024-02-28" }]);
    expect(parsed.refused.map((r) => r.line)).toEqual([1]);
  });

  it("says the file is empty when it has no line but a header and blanks", () => {
    for (const text of ["", "\uFEFF", "\n\n  \r\n", "E-mail;Data de admissão\n\n"]) {
      expect(parseAdmissionCsv(text, TODAY), JSON.stringify(text)).toEqual({
        rows: [],
        refused: [],
        fileError: "O arquivo está vazio: envie uma linha por pessoa, e-mail;data de admissão.",
      });
    }
  });

  it("refuses a file of more lines than allowed as a whole, naming the limit", () => {
    const line = "ana@agencia.digital;01/02/2020";
    const tooMany = Array.from({ length: ADMISSION_CSV_MAX_LINES + 2 }, () => line).join("\n");
    expect(parseAdmissionCsv(tooMany, TODAY)).toEqual({
      rows: [],
      refused: [],
      fileError: "O arquivo tem mais de 20.000 linhas.",
    });
    // The limit itself, plus a header, is read (every repeated line then refused as a duplicate).
    const atLimit = ["email;data", ...Array.from({ length: ADMISSION_CSV_MAX_LINES }, () => line)].join("\n");
    const parsed = parseAdmissionCsv(atLimit, TODAY);
    expect(parsed.fileError).toBeNull();
    expect(parsed.rows).toHaveLength(1);
    expect(parsed.refused).toHaveLength(ADMISSION_CSV_MAX_LINES - 1);
  });

  it("cuts a long bad cell in the message", () => {
    const long = "x".repeat(300);
    const [refused] = parseAdmissionCsv(`${long};01/02/2020`, TODAY).refused;
    expect(refused?.reason).toBe(`E-mail inválido: "${"x".repeat(120)}".`);
  });
});
