import { describe, expect, it } from "vitest";
import { formatIssueMonth, MODEL_LABELS, receiptAlreadyUsedMessage, receiptMessages } from "./messages";

describe("receipt messages", () => {
  it("has the form's and the approver's texts", () => {
    expect(receiptMessages).toEqual({
      invalidKey: "Chave de acesso inválida",
      issuerLabel: "Emitente",
      issuedLabel: "Emissão",
      modelLabel: "Modelo",
      numberLabel: "Número",
      consultSefaz: "Consultar na SEFAZ",
    });
    expect(MODEL_LABELS).toEqual({ "55": "NF-e", "65": "NFC-e" });
  });

  it("says when the note was used before, the date in dd/mm/aaaa", () => {
    expect(receiptAlreadyUsedMessage("2025-03-05")).toBe(
      "Esta nota fiscal já foi usada em outra solicitação (enviada em 05/03/2025).",
    );
  });

  it("shows the month of issue as mm/aaaa", () => {
    expect(formatIssueMonth("2021-01")).toBe("01/2021");
    expect(formatIssueMonth("janeiro")).toBe("janeiro");
  });
});
