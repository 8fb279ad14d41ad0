import { describe, expect, it } from "vitest";
import {
  cleanDisplayName,
  displayFileName,
  FALLBACK_FILE_NAME,
  fileKindOfContentType,
  MAX_DISPLAY_NAME_LENGTH,
  MAX_FILE_NAME_LENGTH,
  nameForContent,
  sanitizeFileName,
  storedFileName,
} from "./file-name";

describe("sanitizeFileName (spec §5 Upload file names)", () => {
  it.each([
    ["Relatório de Março (final)#2.pdf", "Relatorio_de_Marco__final__2.pdf"],
    ["nota-fiscal_01.PNG", "nota-fiscal_01.PNG"],
    ["ÁÉÍÓÚ âêô ãõ ç ü.jpg", "AEIOU_aeo_ao_c_u.jpg"],
    ["recibo 50% off!.jpeg", "recibo_50__off_.jpeg"],
    ["../../etc/passwd", ".._.._etc_passwd"],
    ["C:\\fakepath\\nota.pdf", "C__fakepath_nota.pdf"],
    ["foto😀.png", "foto_.png"],
    ["日本.pdf", "__.pdf"],
  ])("%j → %j", (name, sanitized) => expect(sanitizeFileName(name)).toBe(sanitized));

  it("strips accents whether they come composed or decomposed", () => {
    expect(sanitizeFileName("Relato\u0301rio.pdf")).toBe("Relatorio.pdf");
    expect(sanitizeFileName("Relat\u00f3rio.pdf")).toBe("Relatorio.pdf");
  });

  it("names an empty result 'arquivo'", () => {
    expect(sanitizeFileName("")).toBe(FALLBACK_FILE_NAME);
    expect(sanitizeFileName("\u0301")).toBe("arquivo");
    expect(sanitizeFileName("..")).toBe("arquivo");
  });

  it("cuts long names to 150 characters, keeping the extension", () => {
    const long = sanitizeFileName(`${"a".repeat(300)}.pdf`);
    expect(long).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(long.endsWith("a.pdf")).toBe(true);
    expect(sanitizeFileName("b".repeat(200))).toBe("b".repeat(150));
    expect(sanitizeFileName("c".repeat(150))).toBe("c".repeat(150));
  });
});

describe("storedFileName (spec §7 Storage: {timestamp}_{sanitised name})", () => {
  it("prefixes the timestamp", () => {
    expect(storedFileName("Relatório de Março (final)#2.pdf", 1741186800000)).toBe(
      "1741186800000_Relatorio_de_Marco__final__2.pdf",
    );
    expect(storedFileName("", 1)).toBe("1_arquivo");
  });
});

describe("cleanDisplayName (the name people see: nome_original, downloads)", () => {
  it("drops bidirectional controls, so a name reads as it is", () => {
    // Shown as 'recibophp.png' by a bidi-aware display; really ends in '.php'.
    expect(cleanDisplayName("recibo\u202Egnp.php")).toBe("recibognp.php");
    for (const c of [
      "\u202A",
      "\u202B",
      "\u202C",
      "\u202D",
      "\u202E",
      "\u2066",
      "\u2067",
      "\u2068",
      "\u2069",
    ])
      expect(cleanDisplayName(`a${c}b.pdf`)).toBe("ab.pdf");
    for (const c of ["\u200E", "\u200F", "\u061C"]) expect(cleanDisplayName(`a${c}b.pdf`)).toBe("ab.pdf");
  });

  it("drops other format characters and turns controls into spaces", () => {
    expect(cleanDisplayName("zero\u200Bwidth\uFEFF\u00ADname\u2060.pdf")).toBe("zerowidthname.pdf");
    expect(cleanDisplayName("linha\r\nnova\ttab\u0085\u2028x.pdf")).toBe("linha nova tab x.pdf");
    expect(cleanDisplayName("sino\u0007\u001b[31m.pdf")).toBe("sino [31m.pdf");
    expect(cleanDisplayName("nulo\u0000.pdf")).toBe("nulo .pdf");
    expect(cleanDisplayName("x\uD800.pdf")).toBe("x\uFFFD.pdf");
  });

  it("keeps what people write: accents, spaces, emoji, composed", () => {
    expect(cleanDisplayName("Recibo de Março (final).pdf")).toBe("Recibo de Março (final).pdf");
    expect(cleanDisplayName("Joa\u0303o  📷.jpg")).toBe("João 📷.jpg");
    expect(cleanDisplayName("日本.pdf")).toBe("日本.pdf");
  });

  it("has no path, no empty name, and at most 200 characters keeping the extension", () => {
    expect(cleanDisplayName("../../etc/passwd")).toBe(".._.._etc_passwd");
    expect(cleanDisplayName("C:\\fakepath\\nota.pdf")).toBe("C:_fakepath_nota.pdf");
    expect(cleanDisplayName("\u202E\u200B")).toBe(FALLBACK_FILE_NAME);
    expect(cleanDisplayName(" .. ")).toBe(FALLBACK_FILE_NAME);
    const long = cleanDisplayName(`${"é".repeat(300)}.pdf`);
    expect(Array.from(long)).toHaveLength(MAX_DISPLAY_NAME_LENGTH);
    expect(long.endsWith("é.pdf")).toBe(true);
    expect(Array.from(cleanDisplayName("😀".repeat(300)))).toHaveLength(MAX_DISPLAY_NAME_LENGTH);
  });
});

describe("nameForContent (the extension says what the content is)", () => {
  it.each([
    ["recibo.pdf", "pdf", "recibo.pdf"],
    ["Recibo.PDF", "pdf", "Recibo.PDF"],
    ["foto.jpg", "jpeg", "foto.jpg"],
    ["foto.JPEG", "jpeg", "foto.JPEG"],
    ["recibo.html", "pdf", "recibo.pdf"],
    ["recibo.pdf.html", "pdf", "recibo.pdf"],
    ["fatura.pdf.exe", "png", "fatura.pdf.png"],
    ["foto.txt", "png", "foto.png"],
    ["recibo", "pdf", "recibo.pdf"],
    ["versão 1.2", "pdf", "versão 1.2.pdf"],
    ["Dr. Silva", "pdf", "Dr. Silva.pdf"],
    ["ementa.docx", "doc", "ementa.doc"],
    ["ementa.doc", "docx", "ementa.docx"],
    [".html", "pdf", "arquivo.pdf"],
    ["recibo.", "jpeg", "recibo.jpg"],
  ] as const)("%j holding %s → %j", (name, kind, expected) =>
    expect(nameForContent(name, kind)).toBe(expected),
  );
});

describe("displayFileName (cleaned, then tied to the content)", () => {
  it("cleans before it judges the extension", () => {
    expect(displayFileName("recibo\u202Egnp.php", "png")).toBe("recibognp.png");
    expect(displayFileName("Recibo de Março.pdf", "pdf")).toBe("Recibo de Março.pdf");
    expect(displayFileName("relatório.html\u200F", "pdf")).toBe("relatório.pdf");
  });

  it("keeps the name when the content's kind is not known (old rows of another type)", () => {
    expect(displayFileName("planilha.xlsx", undefined)).toBe("planilha.xlsx");
    expect(displayFileName("a\u202Eb.xlsx", undefined)).toBe("ab.xlsx");
  });

  it("stays within 200 characters with the new extension", () => {
    const name = displayFileName(`${"a".repeat(300)}.html`, "pdf");
    expect(name).toHaveLength(MAX_DISPLAY_NAME_LENGTH);
    expect(name.endsWith("a.pdf")).toBe(true);
  });

  it("maps content types to kinds", () => {
    expect(fileKindOfContentType("application/pdf")).toBe("pdf");
    expect(fileKindOfContentType("image/jpeg")).toBe("jpeg");
    expect(fileKindOfContentType("text/html")).toBeUndefined();
  });
});
