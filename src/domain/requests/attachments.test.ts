import { describe, expect, it } from "vitest";
import { acceptAttribute, attachmentFileError, attachmentsError, fileExtension } from "./attachments";
import { BOLSA_ATTACHMENT } from "./kinds/bolsa";
import { REEMBOLSO_ATTACHMENTS } from "./kinds/reembolso";

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe("REEMBOLSO_ATTACHMENTS (spec §5 Reimbursement)", () => {
  const rules = REEMBOLSO_ATTACHMENTS;

  it("needs at least one file", () => {
    expect(attachmentsError([], rules)).toBe("Arquivo é obrigatório");
  });

  it("accepts JPG, PNG and PDF up to 30MB each", () => {
    const ok = [
      file("a.jpg", "image/jpeg"),
      file("b.JPEG", "image/jpeg"),
      file("c.png", "image/png"),
      file("d.pdf", "application/pdf", 30 * MB),
      file("e.pdf", ""),
    ];
    expect(attachmentsError(ok, rules)).toBeNull();
  });

  it("refuses a file over 30MB", () => {
    expect(attachmentFileError(file("d.pdf", "application/pdf", 30 * MB + 1), rules)).toBe(
      "Tamanho máximo por arquivo é 30MB",
    );
  });

  it("refuses other formats, by MIME type or by extension", () => {
    for (const f of [
      file("a.gif", "image/gif"),
      file("a.pdf", "image/gif"),
      file("a.exe", "application/pdf"),
      file("a.docx", ""),
      file("pdf", "application/pdf"),
    ]) {
      expect(attachmentFileError(f, rules), f.name).toBe("Formatos de arquivo aceitos: JPG, PNG ou PDF");
    }
  });

  it("names the first broken rule among several files", () => {
    expect(attachmentsError([file("a.jpg", "image/jpeg"), file("b.gif", "image/gif")], rules)).toBe(
      "Formatos de arquivo aceitos: JPG, PNG ou PDF",
    );
  });

  it("builds the accept attribute", () => {
    expect(acceptAttribute(rules)).toBe(".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf");
  });
});

describe("BOLSA_ATTACHMENT (spec §2: optional, .pdf .jpg .jpeg .png .doc .docx, 10MB)", () => {
  const rules = BOLSA_ATTACHMENT;

  it("is optional and takes one file", () => {
    expect(attachmentsError([], rules)).toBeNull();
    expect(
      attachmentsError([file("a.pdf", "application/pdf"), file("b.pdf", "application/pdf")], rules),
    ).toBe("Envie apenas um arquivo");
  });

  it("accepts the six formats", () => {
    for (const f of [
      file("a.pdf", "application/pdf"),
      file("a.jpg", "image/jpeg"),
      file("a.jpeg", "image/jpeg"),
      file("a.png", "image/png"),
      file("a.doc", "application/msword"),
      file("a.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document", 10 * MB),
    ]) {
      expect(attachmentFileError(f, rules), f.name).toBeNull();
    }
  });

  it("refuses over 10MB and other formats", () => {
    expect(attachmentFileError(file("a.pdf", "application/pdf", 10 * MB + 1), rules)).toBe(
      "Tamanho máximo do arquivo é 10MB",
    );
    expect(attachmentFileError(file("a.xlsx", "application/vnd.ms-excel"), rules)).toBe(
      "Formatos de arquivo aceitos: PDF, JPG, PNG, DOC ou DOCX",
    );
  });
});

describe("fileExtension", () => {
  it("lower-cases the last extension", () => {
    expect(fileExtension("Nota.Fiscal.PDF")).toBe(".pdf");
    expect(fileExtension(".env")).toBe("");
    expect(fileExtension("semextensao")).toBe("");
  });
});
