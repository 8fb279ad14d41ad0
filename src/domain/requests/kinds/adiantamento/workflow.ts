import { PAYMENT_WORKFLOW, type Transition, type Workflow } from "../../workflow";

/*
 * A cash advance: reviewed and paid by Financeiro exactly as a reimbursement (the payment workflow,
 * the payment batch, the bank's remittance and return), except that being paid does not close it:
 * it waits for the person's settlement (docs/decisions/067). The settlement's moves are made only by
 * its own routes (`via: "prestacao"`), which bring the receipts, the amounts and the deadline; the
 * balance decides which closing move Financeiro may make.
 */

/** Paid, by hand or by the bank: the advance now waits for its receipts. */
const paidThenAccounted = (t: Transition): Transition =>
  t.to === "pago" ? { ...t, to: "aguardando_prestacao" } : t;

const settlementMove = (t: Omit<Transition, "via">): Transition => ({ ...t, via: "prestacao" });

export const ADVANCE_WORKFLOW: Workflow = {
  name: "adiantamento",
  working: PAYMENT_WORKFLOW.working,
  transitions: [
    ...PAYMENT_WORKFLOW.transitions.map(paidThenAccounted),
    settlementMove({
      action: "definir_prazo",
      from: ["aguardando_prestacao"],
      to: "aguardando_prestacao",
      by: "reviewer",
      label: "Definir prazo",
    }),
    settlementMove({
      action: "prestar_contas",
      from: ["aguardando_prestacao"],
      to: "prestacao_enviada",
      by: "requester",
      label: "Prestar contas",
      file: { label: "Comprovantes" },
    }),
    settlementMove({
      action: "marcar_devolvido",
      from: ["prestacao_enviada"],
      to: "prestacao_concluida",
      by: "reviewer",
      label: "Marcar devolução como recebida",
    }),
    settlementMove({
      action: "pagar_diferenca",
      from: ["prestacao_enviada"],
      to: "prestacao_concluida",
      by: "reviewer",
      label: "Marcar diferença como paga",
    }),
    settlementMove({
      action: "encerrar_prestacao",
      from: ["prestacao_enviada"],
      to: "prestacao_concluida",
      by: "reviewer",
      label: "Encerrar prestação de contas",
    }),
  ],
  closed: ["recusado", "prestacao_concluida", "cancelada"],
};
