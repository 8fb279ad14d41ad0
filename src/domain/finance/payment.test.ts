import { describe, expect, it } from "vitest";
import { moveNotes } from "./move-notes";
import { approvedValueError, paidDateError } from "./payment";

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

describe("move notes", () => {
  it("says the approved value, both when partial, the flags seen and the payment", () => {
    expect(moveNotes(null)).toEqual([]);
    expect(moveNotes({ valorAprovado: 15000, valorSolicitado: 15000 })).toEqual([
      "Valor aprovado: R$\u00a0150,00",
    ]);
    expect(
      moveNotes({
        valorAprovado: 12000,
        valorSolicitado: 15000,
        alertasConfirmados: ["Primeira solicitação"],
      }),
    ).toEqual([
      "Valor aprovado: R$\u00a0120,00 de R$\u00a0150,00 solicitados",
      "Alertas verificados ao aprovar: Primeira solicitação",
    ]);
    expect(moveNotes({ pagoEm: "2026-11-24", formaPagamento: "pix" })).toEqual([
      "Pago em 24/11/2026 por PIX",
    ]);
  });
});
