/*
 * What happens to a request after it is sent (issue 11): the states each kind
 * goes through, who may move it and what a move needs. Pure data and
 * functions: the server refuses any move not listed here (409 with the current
 * state), and the web shows only the actions these allow.
 */

import { attachmentRules } from "./attachments";

export const REQUEST_STATES = [
  "pendente",
  "em_analise",
  "em_atendimento",
  "aguardando_ajuste",
  "aguardando_solicitante",
  "aprovado",
  "recusado",
  "recusada",
  "pago",
  "entregue",
  "resolvido",
  "concluida",
  "cancelada",
] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/** How each state is shown (issue 11, to the letter). */
export const REQUEST_STATE_LABELS: Record<RequestState, string> = {
  pendente: "Pendente",
  em_analise: "Em análise",
  em_atendimento: "Em atendimento",
  aguardando_ajuste: "Aguardando ajuste",
  aguardando_solicitante: "Aguardando solicitante",
  aprovado: "Aprovado",
  recusado: "Recusado",
  recusada: "Recusada",
  pago: "Pago",
  entregue: "Entregue",
  resolvido: "Resolvido",
  concluida: "Concluída",
  cancelada: "Cancelada",
};

export function isRequestState(value: unknown): value is RequestState {
  return typeof value === "string" && (REQUEST_STATES as readonly string[]).includes(value);
}

export function requestStateLabel(state: string): string {
  return isRequestState(state) ? REQUEST_STATE_LABELS[state] : state;
}

/** Who performs an action: a member of a team that handles the request, or its author. */
export type ActorRole = "reviewer" | "requester";

export const REQUEST_ACTIONS = [
  "assumir",
  "aprovar",
  "recusar",
  "pedir_ajuste",
  "marcar_pago",
  "marcar_entregue",
  "pedir_informacao",
  "retomar",
  "resolver",
  "concluir",
  "reenviar",
  "cancelar",
  "reabrir",
] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];

export function isRequestAction(value: unknown): value is RequestAction {
  return typeof value === "string" && (REQUEST_ACTIONS as readonly string[]).includes(value);
}

/**
 * What an approval leaves on the row that a later move may have to undo: the
 * second approval it awaits (`pending_approval_team_id`) and the approved
 * value (`valor_aprovado`). An approval covers the content it saw, so a move
 * that sends the request back takes both away (docs/decisions/029).
 */
export const DECISION_FIELDS = ["pendingApproval", "approvedValue"] as const;
export type DecisionField = (typeof DECISION_FIELDS)[number];

/** Sending back (adjustment, resubmission, reopening), refusing or cancelling: nothing approved survives. */
const SENT_BACK: readonly DecisionField[] = DECISION_FIELDS;

export type Transition = {
  readonly action: RequestAction;
  readonly from: readonly RequestState[];
  readonly to: RequestState;
  readonly by: ActorRole;
  /** Refusing, asking for an adjustment and reopening say why (issue 11). */
  readonly needsReason?: boolean;
  /** The button's words. */
  readonly label: string;
  /** The move may bring one file (ACTION_FILE_RULES), kept with the request and shown beside the move. */
  readonly file?: { readonly label: string };
  /** The decision fields the move empties on the row, whoever makes it. */
  readonly clears?: readonly DecisionField[];
};

/**
 * The file a move may bring (an analysis's result): one document or image.
 * One set of rules for every move, so the server knows them before it reads
 * which move the form carries.
 */
export const ACTION_FILE_RULES = attachmentRules({
  fileKinds: ["pdf", "docx", "doc", "png", "jpeg"],
  min: 0,
  max: 1,
  maxBytes: 30 * 1024 * 1024,
  messages: {
    tooMany: "Envie apenas um arquivo",
    tooLarge: "Tamanho máximo do arquivo é 30MB",
    type: "Formatos de arquivo aceitos: PDF, DOC, DOCX, JPG ou PNG",
  },
});
/** The form field that carries it. */
export const ACTION_FILE_FIELD = "arquivo";

export type Workflow = {
  readonly name: string;
  /** The state a reviewer's first move leads to: where 'Assumir' puts the request. */
  readonly working: RequestState;
  readonly transitions: readonly Transition[];
  /** States where nothing more happens (the queue no longer shows them). */
  readonly closed: readonly RequestState[];
};

/** The requester may cancel while Pendente or Aguardando ajuste (issue 11), where the workflow has them. */
const cancel = (from: readonly RequestState[]): Transition => ({
  action: "cancelar",
  from,
  to: "cancelada",
  by: "requester",
  label: "Cancelar solicitação",
  clears: SENT_BACK,
});

/**
 * Reviewed, then settled by the team: Pendente → Em análise → Aprovado,
 * Recusado or Aguardando ajuste; Aprovado → the final move (paid, delivered).
 */
function reviewedThen(
  name: string,
  settle: { action: RequestAction; to: RequestState; label: string; file?: { label: string } },
): Workflow {
  return {
    name,
    working: "em_analise",
    transitions: [
      {
        action: "assumir",
        from: ["pendente", "em_analise"],
        to: "em_analise",
        by: "reviewer",
        label: "Assumir",
      },
      { action: "aprovar", from: ["em_analise"], to: "aprovado", by: "reviewer", label: "Aprovar" },
      {
        action: "recusar",
        from: ["em_analise"],
        to: "recusado",
        by: "reviewer",
        needsReason: true,
        label: "Recusar",
        clears: SENT_BACK,
      },
      {
        action: "pedir_ajuste",
        from: ["em_analise"],
        to: "aguardando_ajuste",
        by: "reviewer",
        needsReason: true,
        label: "Pedir ajuste",
        clears: SENT_BACK,
      },
      { ...settle, from: ["aprovado"], by: "reviewer" },
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

/** Reviewed and paid: reimbursements and training grants. */
export const PAYMENT_WORKFLOW: Workflow = reviewedThen("pagamento", {
  action: "marcar_pago",
  to: "pago",
  label: "Marcar como pago",
  // Issue 12: the proof of payment, kept like the other files.
  file: { label: "Comprovante do pagamento (opcional)" },
});

/** Reviewed and delivered: work material. */
export const DELIVERY_WORKFLOW: Workflow = reviewedThen("entrega", {
  action: "marcar_entregue",
  to: "entregue",
  label: "Marcar como entregue",
});

/** A ticket: support requests. */
export const TICKET_WORKFLOW: Workflow = {
  name: "atendimento",
  working: "em_atendimento",
  transitions: [
    {
      action: "assumir",
      from: ["pendente", "em_atendimento", "aguardando_solicitante"],
      to: "em_atendimento",
      by: "reviewer",
      label: "Assumir",
    },
    {
      action: "pedir_informacao",
      from: ["em_atendimento"],
      to: "aguardando_solicitante",
      by: "reviewer",
      needsReason: true,
      label: "Aguardar solicitante",
      clears: SENT_BACK,
    },
    {
      action: "retomar",
      from: ["aguardando_solicitante"],
      to: "em_atendimento",
      by: "reviewer",
      label: "Retomar atendimento",
    },
    {
      action: "resolver",
      from: ["em_atendimento", "aguardando_solicitante"],
      to: "resolvido",
      by: "reviewer",
      label: "Resolver",
    },
    {
      action: "reabrir",
      from: ["resolvido"],
      to: "em_atendimento",
      by: "requester",
      needsReason: true,
      label: "Reabrir",
      clears: SENT_BACK,
    },
    cancel(["pendente"]),
  ],
  closed: ["resolvido", "cancelada"],
};

/** An analysis with a result: page analyses. */
export const ANALYSIS_WORKFLOW: Workflow = {
  name: "analise",
  working: "em_analise",
  transitions: [
    {
      action: "assumir",
      from: ["pendente", "em_analise"],
      to: "em_analise",
      by: "reviewer",
      label: "Assumir",
    },
    {
      action: "concluir",
      from: ["em_analise"],
      to: "concluida",
      by: "reviewer",
      label: "Concluir",
      file: { label: "Arquivo do resultado (opcional)" },
    },
    {
      action: "recusar",
      from: ["em_analise"],
      to: "recusada",
      by: "reviewer",
      needsReason: true,
      label: "Recusar",
      clears: SENT_BACK,
    },
    cancel(["pendente"]),
  ],
  closed: ["concluida", "recusada", "cancelada"],
};

/** A resolved ticket may be reopened by its author for this long after it was resolved (issue 11). */
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

/** States where nothing more happens, in any workflow: the queues leave them out. */
export const CLOSED_STATES = [
  ...new Set(
    [PAYMENT_WORKFLOW, DELIVERY_WORKFLOW, TICKET_WORKFLOW, ANALYSIS_WORKFLOW].flatMap((w) => w.closed),
  ),
] as RequestState[];

/** States where the request waits on its author, not on the team. */
export const WAITING_ON_REQUESTER_STATES: readonly RequestState[] = [
  "aguardando_ajuste",
  "aguardando_solicitante",
];
