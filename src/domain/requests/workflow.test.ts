import { describe, expect, it } from "vitest";
import { DELIVERY_WORKFLOW } from "./kinds/material/workflow";
import { ANALYSIS_WORKFLOW } from "./kinds/seo/workflow";
import { TICKET_WORKFLOW } from "./kinds/suporte/workflow";
import {
  availableTransitions,
  DECISION_FIELDS,
  PAYMENT_WORKFLOW,
  REQUEST_ACTIONS,
  REQUEST_STATES,
  type RequestAction,
  type RequestState,
  requestStateLabel,
  transitionFor,
  type Workflow,
  workflowStates,
} from "./workflow";

/** Every allowed move of a workflow as "from --action--> to"; everything else must be refused. */
function allowedMoves(workflow: Workflow): Set<string> {
  const moves = new Set<string>();
  for (const from of REQUEST_STATES)
    for (const action of REQUEST_ACTIONS) {
      const t = transitionFor(workflow, from, action);
      if (t) moves.add(`${from} --${action}--> ${t.to}`);
    }
  return moves;
}

const expected: Record<string, string[]> = {
  pagamento: [
    "pendente --assumir--> em_analise",
    "pendente --cancelar--> cancelada",
    "em_analise --assumir--> em_analise",
    "em_analise --aprovar--> aprovado",
    "em_analise --recusar--> recusado",
    "em_analise --pedir_ajuste--> aguardando_ajuste",
    "aguardando_ajuste --reenviar--> em_analise",
    "aguardando_ajuste --cancelar--> cancelada",
    "aprovado --marcar_pago--> pago",
    "aprovado --enviar_ao_banco--> enviado_ao_banco",
    "enviado_ao_banco --confirmar_pagamento--> pago",
    "enviado_ao_banco --pagamento_recusado--> aprovado",
    "enviado_ao_banco --marcar_pago--> pago",
  ],
  entrega: [
    "pendente --assumir--> em_analise",
    "pendente --cancelar--> cancelada",
    "em_analise --assumir--> em_analise",
    "em_analise --aprovar--> aprovado",
    "em_analise --recusar--> recusado",
    "em_analise --pedir_ajuste--> aguardando_ajuste",
    "aguardando_ajuste --reenviar--> em_analise",
    "aguardando_ajuste --cancelar--> cancelada",
    "aprovado --marcar_entregue--> entregue",
  ],
  atendimento: [
    "pendente --assumir--> em_atendimento",
    "pendente --cancelar--> cancelada",
    "em_atendimento --assumir--> em_atendimento",
    "em_atendimento --pedir_informacao--> aguardando_solicitante",
    "em_atendimento --resolver--> resolvido",
    "aguardando_solicitante --assumir--> em_atendimento",
    "aguardando_solicitante --retomar--> em_atendimento",
    "aguardando_solicitante --resolver--> resolvido",
    "resolvido --reabrir--> em_atendimento",
  ],
  analise: [
    "pendente --assumir--> em_analise",
    "pendente --cancelar--> cancelada",
    "em_analise --assumir--> em_analise",
    "em_analise --concluir--> concluida",
    "em_analise --recusar--> recusada",
  ],
};

describe("request workflows (decision 011)", () => {
  for (const workflow of [PAYMENT_WORKFLOW, DELIVERY_WORKFLOW, TICKET_WORKFLOW, ANALYSIS_WORKFLOW]) {
    it(`${workflow.name}: exactly the listed moves are allowed, every other one refused`, () => {
      expect([...allowedMoves(workflow)].sort()).toEqual([...expected[workflow.name]!].sort());
    });
  }

  it("the requester cancels only while Pendente or Aguardando ajuste", () => {
    for (const workflow of [PAYMENT_WORKFLOW, DELIVERY_WORKFLOW, TICKET_WORKFLOW, ANALYSIS_WORKFLOW]) {
      const from = REQUEST_STATES.filter((s) => transitionFor(workflow, s, "cancelar"));
      expect(from.every((s) => s === "pendente" || s === "aguardando_ajuste")).toBe(true);
      expect(from).toContain("pendente");
      expect(transitionFor(workflow, "pendente", "cancelar")!.by).toBe("requester");
    }
  });

  it("refusing, asking for an adjustment or for information, and reopening need a reason", () => {
    const withReason = (w: Workflow, a: RequestAction) => w.transitions.filter((t) => t.action === a);
    for (const w of [PAYMENT_WORKFLOW, DELIVERY_WORKFLOW, ANALYSIS_WORKFLOW])
      for (const t of withReason(w, "recusar")) expect(t.needsReason).toBe(true);
    for (const w of [PAYMENT_WORKFLOW, DELIVERY_WORKFLOW])
      for (const t of withReason(w, "pedir_ajuste")) expect(t.needsReason).toBe(true);
    expect(transitionFor(TICKET_WORKFLOW, "resolvido", "reabrir")!.needsReason).toBe(true);
    expect(transitionFor(PAYMENT_WORKFLOW, "em_analise", "aprovar")!.needsReason).toBeFalsy();
  });

  it("every move that sends a request back, refuses or cancels it clears what an approval left; no other does", () => {
    const back: readonly RequestAction[] = [
      "recusar",
      "pedir_ajuste",
      "pedir_informacao",
      "reenviar",
      "reabrir",
      "cancelar",
    ];
    for (const workflow of [PAYMENT_WORKFLOW, DELIVERY_WORKFLOW, TICKET_WORKFLOW, ANALYSIS_WORKFLOW])
      for (const t of workflow.transitions)
        expect([...(t.clears ?? [])].sort(), `${workflow.name}: ${t.action}`).toEqual(
          back.includes(t.action) ? [...DECISION_FIELDS].sort() : [],
        );
  });

  it("reviewers and requesters see only their own moves", () => {
    expect(availableTransitions(PAYMENT_WORKFLOW, "em_analise", "reviewer").map((t) => t.action)).toEqual([
      "assumir",
      "aprovar",
      "recusar",
      "pedir_ajuste",
    ]);
    expect(availableTransitions(PAYMENT_WORKFLOW, "em_analise", "requester")).toEqual([]);
    expect(
      availableTransitions(PAYMENT_WORKFLOW, "aguardando_ajuste", "requester").map((t) => t.action),
    ).toEqual(["reenviar", "cancelar"]);
    expect(availableTransitions(TICKET_WORKFLOW, "resolvido", "requester").map((t) => t.action)).toEqual([
      "reabrir",
    ]);
  });

  it("labels every state as people read it", () => {
    const labels = Object.fromEntries(
      workflowStates(PAYMENT_WORKFLOW).map((s: RequestState) => [s, requestStateLabel(s)]),
    );
    expect(labels).toMatchObject({
      pendente: "Pendente",
      em_analise: "Em análise",
      aprovado: "Aprovado",
      recusado: "Recusado",
      aguardando_ajuste: "Aguardando ajuste",
      pago: "Pago",
    });
    expect(requestStateLabel("concluida")).toBe("Concluída");
    expect(requestStateLabel("aguardando_solicitante")).toBe("Aguardando solicitante");
    expect(requestStateLabel("desconhecido")).toBe("desconhecido");
  });
});
