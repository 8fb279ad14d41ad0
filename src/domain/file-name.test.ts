import { describe, expect, it } from "vitest";
import { FALLBACK_FILE_NAME, MAX_FILE_NAME_LENGTH, sanitizeFileName, storedFileName } from "./file-name";

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
