/*
 * What happens to a request after it is sent: the states each kind goes
 * through, and each move as a declaration of who may make it, what it requires
 * and what it writes on the row (docs/decisions/011, 035). Pure data: the
 * server's move reads these through `machine.ts` and restates none of them,
 * and the web shows only the actions these allow.
 */

import {
  type ActorRole,
  DECISION_FIELDS,
  type DecisionField,
  type RequestAction,
  type RequestState,
  type Transition,
  type Workflow,
} from "./workflow-terms";

export * from "./workflow-terms";

/** Sending back (adjustment, resubmission, reopening), refusing or cancelling: nothing approved survives. */
export const SENT_BACK: readonly DecisionField[] = DECISION_FIELDS;

/** The requester may cancel while Pendente or Aguardando ajuste, where the workflow has them. */
export const cancel = (from: readonly RequestState[]): Transition => ({
  action: "cancelar",
  from,
  to: "cancelada",
  by: "requester",
  label: "Cancelar solicitação",
  clears: SENT_BACK,
});

/** 'Assumir': a reviewer takes the request, from any state where the team works on it. */
export const take = (from: readonly RequestState[], to: RequestState): Transition => ({
  action: "assumir",
  from,
  to,
  by: "reviewer",
  label: "Assumir",
  sets: ["assignee"],
  notForAssignee: true,
});

/** 'Recusar' from under review, with a reason: the decision is written, what an approval left goes. */
export const refuse = (to: RequestState): Transition => ({
  action: "recusar",
  from: ["em_analise"],
  to,
  by: "reviewer",
  needsReason: true,
  label: "Recusar",
  sets: ["decision"],
  clears: SENT_BACK,
});

/** What approving and settling require and write beyond the shared declaration (finance's kinds). */
type Step = Partial<Pick<Transition, "requires" | "sets" | "file">>;

/**
 * Reviewed, then settled by the team: Pendente → Em análise → Aprovado,
 * Recusado or Aguardando ajuste; Aprovado → the final move (paid, delivered).
 * While a second approval is awaited, the awaited team approves and either
 * team may refuse or send back (docs/decisions/029).
 */
export function reviewedThen(
  name: string,
  approve: Step,
  settle: Step & { action: RequestAction; to: RequestState; label: string },
): Workflow {
  return {
    name,
    working: "em_analise",
    transitions: [
      take(["pendente", "em_analise"], "em_analise"),
      {
        action: "aprovar",
        from: ["em_analise"],
        to: "aprovado",
        by: "reviewer",
        whileAwaiting: "approver",
        label: "Aprovar",
        ...approve,
        sets: ["decision", ...(approve.sets ?? [])],
      },
      { ...refuse("recusado"), whileAwaiting: "either" },
      {
        action: "pedir_ajuste",
        from: ["em_analise"],
        to: "aguardando_ajuste",
        by: "reviewer",
        whileAwaiting: "either",
        needsReason: true,
        label: "Pedir ajuste",
        clears: SENT_BACK,
      },
      { ...settle, from: ["aprovado"], by: "reviewer", sets: ["settlement", ...(settle.sets ?? [])] },
      {
        action: "reenviar",
        from: ["aguardando_ajuste"],
        to: "em_analise",
        by: "requester",
        label: "Editar e reenviar",
        clears: SENT_BACK,
      },
      cancel(["pendente", "aguardando_ajuste"]),
    ],
    closed: ["recusado", settle.to, "cancelada"],
  };
}

/**
 * Reviewed and paid: reimbursements and training grants (docs/decisions/015). Paid by hand
 * ('Marcar como pago'), or through the bank (docs/decisions/059): a remittance file sends the
 * approved payments ('Enviado ao banco'), and the bank's return confirms each ('Pago') or gives it
 * back to Finance ('Aprovado') with the bank's reason. Finance may still mark one paid by hand
 * while the bank has it (paid some other way), never cancel it there.
 */
const reviewedThenPaid = reviewedThen(
  "pagamento",
  { requires: ["approvedValue", "secondApproval"], sets: ["approvedValue", "pendingApproval"] },
  {
    action: "marcar_pago",
    to: "pago",
    label: "Marcar como pago",
    requires: ["payment"],
    sets: ["payment"],
    // The proof of payment, kept like the other files.
    file: { label: "Comprovante do pagamento (opcional)" },
  },
);

export const PAYMENT_WORKFLOW: Workflow = {
  ...reviewedThenPaid,
  transitions: [
    ...reviewedThenPaid.transitions.map((t) =>
      t.action === "marcar_pago" ? { ...t, from: ["aprovado", "enviado_ao_banco"] as const } : t,
    ),
    {
      action: "enviar_ao_banco",
      from: ["aprovado"],
      to: "enviado_ao_banco",
      by: "reviewer",
      via: "banco",
      label: "Enviar ao banco",
      requires: ["payable"],
    },
    {
      action: "confirmar_pagamento",
      from: ["enviado_ao_banco"],
      to: "pago",
      by: "reviewer",
      via: "banco",
      label: "Pagamento confirmado pelo banco",
      requires: ["payment"],
      sets: ["settlement", "payment"],
    },
    {
      action: "pagamento_recusado",
      from: ["enviado_ao_banco"],
      to: "aprovado",
      by: "reviewer",
      via: "banco",
      needsReason: true,
      label: "Pagamento recusado pelo banco",
    },
  ],
};

/** A resolved ticket may be reopened by its author for this long after it was resolved. */
export const REOPEN_WINDOW_DAYS = 7;

/** The move `action` makes from `state`, or null when the workflow does not allow it there. */
export function transitionFor(workflow: Workflow, state: string, action: RequestAction): Transition | null {
  return (
    workflow.transitions.find((t) => t.action === action && (t.from as readonly string[]).includes(state)) ??
    null
  );
}

/** The moves open to `role` from `state`. */
export function availableTransitions(workflow: Workflow, state: string, role: ActorRole): Transition[] {
  return workflow.transitions.filter((t) => t.by === role && (t.from as readonly string[]).includes(state));
}

/** The file `action` may bring in this workflow (its field's label), or null. */
export function actionFile(workflow: Workflow, action: RequestAction): { label: string } | null {
  return workflow.transitions.find((t) => t.action === action && t.file)?.file ?? null;
}

export function isClosed(workflow: Workflow, state: string): boolean {
  return (workflow.closed as readonly string[]).includes(state);
}

/** Every state a workflow can reach, in its moves' order, with 'pendente' first. */
export function workflowStates(workflow: Workflow): RequestState[] {
  const states = new Set<RequestState>(["pendente"]);
  for (const t of workflow.transitions) {
    for (const s of t.from) states.add(s);
    states.add(t.to);
  }
  return [...states];
}

/**
 * The states of paid requests in these workflows: where a payment leads, and every state after it
 * (a cash advance stays paid while it is settled, docs/decisions/067). The Painel's money reads them.
 */
export function paidStates(workflows: readonly Workflow[]): RequestState[] {
  const paid = new Set<RequestState>();
  for (const workflow of workflows) {
    const next = workflow.transitions.filter((t) => t.sets?.includes("payment")).map((t) => t.to);
    while (next.length) {
      const state = next.pop()!;
      if (paid.has(state)) continue;
      paid.add(state);
      next.push(...workflow.transitions.filter((t) => t.from.includes(state)).map((t) => t.to));
    }
  }
  return [...paid];
}

/** States where the request waits on its author, not on the team. */
export const WAITING_ON_REQUESTER_STATES: readonly RequestState[] = [
  "aguardando_ajuste",
  "aguardando_solicitante",
  "aguardando_prestacao",
];
