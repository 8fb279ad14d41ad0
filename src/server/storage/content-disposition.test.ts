import { describe, expect, it } from "vitest";
import { attachmentDisposition } from "./content-disposition";

describe("attachmentDisposition", () => {
  it("keeps plain names as they are", () => {
    expect(attachmentDisposition("recibo-2026.pdf")).toBe(
      `attachment; filename="recibo-2026.pdf"; filename*=UTF-8''recibo-2026.pdf`,
    );
  });

  it("gives accents an ASCII fallback and the exact name in UTF-8", () => {
    expect(attachmentDisposition("Relatório de formação – São Paulo.pdf")).toBe(
      `attachment; filename="Relatorio de formacao _ Sao Paulo.pdf"; ` +
        `filename*=UTF-8''Relat%C3%B3rio%20de%20forma%C3%A7%C3%A3o%20%E2%80%93%20S%C3%A3o%20Paulo.pdf`,
    );
    // Decomposed input (as macOS sends it) comes out composed.
    expect(attachmentDisposition("Joa\u0303o.pdf")).toContain("filename*=UTF-8''Jo%C3%A3o.pdf");
  });

  it("keeps quotes, backslashes and percent signs out of the quoted fallback", () => {
    const header = attachmentDisposition(`nota "fiscal" 100%\\final's (1)*.pdf`);
    expect(header).toBe(
      `attachment; filename="nota _fiscal_ 100__final's (1)*.pdf"; ` +
        `filename*=UTF-8''nota%20%22fiscal%22%20100%25_final%27s%20%281%29%2A.pdf`,
    );
  });

  it("cannot be split by CR/LF or other controls", () => {
    const header = attachmentDisposition("a\r\nSet-Cookie: x=1\u0000\u2028b.pdf");
    expect(header).not.toMatch(/[\p{Cc}\u2028]/u);
    expect(header).toBe(
      `attachment; filename="a Set-Cookie: x=1 b.pdf"; filename*=UTF-8''a%20Set-Cookie%3A%20x%3D1%20b.pdf`,
    );
  });

  it("drops bidi overrides and other format characters, so the name shows as it is", () => {
    expect(attachmentDisposition("recibo\u202Egnp.php")).toBe(
      `attachment; filename="recibognp.php"; filename*=UTF-8''recibognp.php`,
    );
    expect(attachmentDisposition("a\u2066b\u2069\u200F\u061C\u200Bc.pdf")).toContain(
      "filename*=UTF-8''abc.pdf",
    );
  });

  it("drops path separators and falls back for empty or dot names", () => {
    expect(attachmentDisposition("../../etc/passwd")).toContain(`filename=".._.._etc_passwd"`);
    expect(attachmentDisposition("  ")).toBe(`attachment; filename="arquivo"; filename*=UTF-8''arquivo`);
    expect(attachmentDisposition("..")).toContain(`filename="arquivo"`);
  });

  it("survives emoji, lone surrogates and very long names", () => {
    expect(attachmentDisposition("foto 📷.jpg")).toBe(
      `attachment; filename="foto _.jpg"; filename*=UTF-8''foto%20%F0%9F%93%B7.jpg`,
    );
    expect(attachmentDisposition("x\uD800.pdf")).toContain("filename*=UTF-8''x%EF%BF%BD.pdf");
    const long = attachmentDisposition(`${"é".repeat(500)}.pdf`);
    expect(long.length).toBeLessThan(2000);
  });
});
