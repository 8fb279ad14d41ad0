import { describe, expect, it } from "vitest";
import { moveNotes } from "./move-notes";
import { approvedValueError, paidDateError, paymentBlocker } from "./payment";

describe("approved value", () => {
  it("never more than requested; less needs a reason", () => {
    expect(approvedValueError(15000, 15000, undefined)).toBeNull();
    expect(approvedValueError(15001, 15000, "x")).toEqual({
      field: "valorAprovado",
      message: "O valor aprovado não pode ser maior que o solicitado",
    });
    expect(approvedValueError(12000, 15000, " ")).toEqual({
      field: "motivo",
      message: "Informe o motivo de aprovar um valor menor",
    });
    expect(approvedValueError(12000, 15000, "Só a ida")).toBeNull();
    expect(approvedValueError(0, 15000, "x")?.field).toBe("valorAprovado");
  });
});

describe("payment date", () => {
  it("not in the future, not before the request", () => {
    expect(paidDateError("2026-11-24", "2026-11-24", "2026-11-20")).toBeNull();
    expect(paidDateError("2026-11-25", "2026-11-24", "2026-11-20")).toBe(
      "A data do pagamento não pode ser futura",
    );
    expect(paidDateError("2026-11-19", "2026-11-24", "2026-11-20")).toBe(
      "A data do pagamento não pode ser anterior à solicitação",
    );
  });
});

describe("what may be paid (docs/decisions/029)", () => {
  it("a complete approval within the amount asked now", () => {
    expect(paymentBlocker(50000, 50000, false)).toBeNull();
    expect(paymentBlocker(40000, 50000, false)).toBeNull();
    expect(paymentBlocker(150000, 50000, false)).toBe(
      "O valor aprovado é maior que o solicitado: não pode ser pago.",
    );
    expect(paymentBlocker(50000, 50000, true)).toBe(
      "A aprovação desta solicitação não está completa: ela não pode ser paga.",
    );
    expect(paymentBlocker(null, 50000, false)).toBe(
      "A aprovação desta solicitação não está completa: ela não pode ser paga.",
    );
  });
});

describe("move notes", () => {
  it("says the approved value, both when partial, the flags seen and the payment", () => {
    expect(moveNotes(null, "team")).toEqual([]);
    expect(moveNotes({ valorAprovado: 15000, valorSolicitado: 15000 }, "team")).toEqual([
      "Valor aprovado: R$\u00a0150,00",
    ]);
    const flagged = {
      valorAprovado: 12000,
      valorSolicitado: 15000,
      alertasConfirmados: ["Primeira solicitação"],
    };
    expect(moveNotes(flagged, "team")).toEqual([
      "Valor aprovado: R$\u00a0120,00 de R$\u00a0150,00 solicitados",
      "Alertas verificados ao aprovar: Primeira solicitação",
    ]);
    // The requester never reads the flags (docs/decisions/015).
    expect(moveNotes(flagged, "requester")).toEqual([
      "Valor aprovado: R$\u00a0120,00 de R$\u00a0150,00 solicitados",
    ]);
    expect(moveNotes({ pagoEm: "2026-11-24", formaPagamento: "pix" }, "team")).toEqual([
      "Pago em 24/11/2026 por PIX",
    ]);
  });
});
