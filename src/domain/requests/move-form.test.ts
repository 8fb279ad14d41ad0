import { describe, expect, it } from "vitest";
import { financeMessages } from "../finance/payment";
import { DELIVERY_WORKFLOW } from "./kinds/material/workflow";
import { ANALYSIS_WORKFLOW } from "./kinds/seo/workflow";
import { TICKET_WORKFLOW } from "./kinds/suporte/workflow";
import {
  type MoveContext,
  type MoveFacts,
  moveAsks,
  moveContext,
  moveFormDefaults,
  moveFormField,
  moveFormSchema,
  moveText,
} from "./move-form";
import { reviewMessages } from "./review-api";
import { ACTION_FILE_RULES, PAYMENT_WORKFLOW } from "./workflow";

const TODAY = "2026-11-20";
const plain: MoveFacts = { paid: false, requested: 0, flagged: false };
const pdf = { name: "relatorio.pdf", size: 1024, type: "application/pdf" };

function check(context: MoveContext, changes: Partial<ReturnType<typeof moveFormDefaults>> = {}) {
  return moveFormSchema(context).safeParse({ ...moveFormDefaults(context, TODAY), ...changes });
}

function messages(context: MoveContext, changes: Partial<ReturnType<typeof moveFormDefaults>> = {}) {
  const result = check(context, changes);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
}

describe("the move form follows each workflow transition", () => {
  const every = [PAYMENT_WORKFLOW, DELIVERY_WORKFLOW, TICKET_WORKFLOW, ANALYSIS_WORKFLOW].flatMap(
    (workflow) => workflow.transitions.flatMap((t) => t.from.map((state) => ({ workflow, t, state }))),
  );

  it.each(every.map((e) => [`${e.workflow.name}: ${e.t.action} from ${e.state}`, e] as const))(
    "%s asks for what the transition requires",
    (_name, { workflow, t, state }) => {
      const context = moveContext(workflow, state, { acao: t.action, precisaMotivo: false }, plain);
      expect(context.needsReason).toBe(Boolean(t.needsReason));
      expect(context.file).toEqual(t.file ?? null);
      if (t.needsReason) {
        expect(moveAsks(context)).toBe(true);
        expect(messages(context)).toEqual({ texto: reviewMessages.reasonRequired });
        expect(messages(context, { texto: "   " })).toEqual({ texto: reviewMessages.reasonRequired });
        expect(check(context, { texto: "  Falta o recibo. " }).data).toEqual({ motivo: "Falta o recibo." });
      }
    },
  );

  it("'Concluir' asks for the result, takes one optional file, and sends both", () => {
    const context = moveContext(
      ANALYSIS_WORKFLOW,
      "em_analise",
      { acao: "concluir", precisaMotivo: false },
      plain,
    );
    expect(moveText(context)).toBe("result");
    expect(messages(context)).toEqual({ texto: reviewMessages.resultRequired });
    expect(
      messages(context, { texto: "Ok", arquivo: [{ name: "notas.txt", size: 2, type: "text/plain" }] }),
    ).toEqual({ arquivo: ACTION_FILE_RULES.messages.type });
    expect(check(context, { texto: "Títulos duplicados.", arquivo: [pdf] }).data).toEqual({
      resultado: "Títulos duplicados.",
      arquivo: pdf,
    });
  });

  it("cancelling asks for nothing but a confirmation; taking a request asks for nothing", () => {
    const cancel = moveContext(
      TICKET_WORKFLOW,
      "pendente",
      { acao: "cancelar", precisaMotivo: false },
      plain,
    );
    expect([moveAsks(cancel), moveText(cancel)]).toEqual([true, null]);
    expect(check(cancel).data).toEqual({});
    const take = moveContext(TICKET_WORKFLOW, "pendente", { acao: "assumir", precisaMotivo: false }, plain);
    expect(moveAsks(take)).toBe(false);
  });

  it("an older page's move keeps the server's word on the reason", () => {
    const context = moveContext(TICKET_WORKFLOW, "pendente", { acao: "reabrir", precisaMotivo: true }, plain);
    expect(context.needsReason).toBe(true);
  });
});

describe("approving and paying what finance pays", () => {
  const paid: MoveFacts = { paid: true, requested: 15_000, flagged: false };
  const approve = (facts: MoveFacts) =>
    moveContext(PAYMENT_WORKFLOW, "em_analise", { acao: "aprovar", precisaMotivo: false }, facts);

  it("approves the value asked by default, and sends it", () => {
    const context = approve(paid);
    expect(moveText(context)).toBe("optionalReason");
    expect(moveFormDefaults(context, TODAY).valorAprovado).toBe("R$\u00a0150,00");
    expect(check(context).data).toEqual({ valorAprovado: 15_000 });
  });

  it("approving less needs a reason; more, or nothing, is refused", () => {
    const context = approve(paid);
    expect(messages(context, { valorAprovado: "R$ 100,00" })).toEqual({
      texto: financeMessages.partialNeedsReason,
    });
    expect(check(context, { valorAprovado: "R$ 100,00", texto: "Só o táxi de ida" }).data).toEqual({
      motivo: "Só o táxi de ida",
      valorAprovado: 10_000,
    });
    expect(messages(context, { valorAprovado: "R$ 200,00" })).toEqual({
      valorAprovado: financeMessages.approvedAboveRequested,
    });
    expect(messages(context, { valorAprovado: "" })).toEqual({
      valorAprovado: financeMessages.approvedInvalid,
    });
  });

  it("a flagged request is approved once the flags are confirmed", () => {
    const context = approve({ ...paid, flagged: true });
    expect(messages(context)).toEqual({ confirmarAlertas: financeMessages.flagsUnconfirmed });
    expect(check(context, { confirmarAlertas: true }).data).toEqual({
      valorAprovado: 15_000,
      confirmarAlertas: true,
    });
    // Work material has no value: only the flags.
    const material = moveContext(
      DELIVERY_WORKFLOW,
      "em_analise",
      { acao: "aprovar", precisaMotivo: false },
      { ...plain, flagged: true },
    );
    expect(moveText(material)).toBeNull();
    expect(check(material, { confirmarAlertas: true }).data).toEqual({ confirmarAlertas: true });
  });

  it("paying sends the day (today unless changed) and the method, and the proof when there is one", () => {
    const context = moveContext(
      PAYMENT_WORKFLOW,
      "aprovado",
      { acao: "marcar_pago", precisaMotivo: false },
      paid,
    );
    expect(moveAsks(context)).toBe(true);
    expect(check(context).data).toEqual({ pagoEm: TODAY, formaPagamento: "pix" });
    expect(check(context, { formaPagamento: "dinheiro", arquivo: [pdf] }).data).toEqual({
      pagoEm: TODAY,
      formaPagamento: "dinheiro",
      arquivo: pdf,
    });
    expect(messages(context, { pagoEm: "", formaPagamento: "cheque" })).toEqual({
      pagoEm: financeMessages.paidDateInvalid,
      formaPagamento: financeMessages.methodInvalid,
    });
  });
});

describe("moveFormField", () => {
  it("puts the server's reason and result in the dialog's text, and knows the other fields", () => {
    expect(["motivo", "resultado", "arquivo", "valorAprovado", "versao"].map(moveFormField)).toEqual([
      "texto",
      "texto",
      "arquivo",
      "valorAprovado",
      null,
    ]);
  });
});
