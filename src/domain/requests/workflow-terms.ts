/*
 * The words a workflow is declared in (docs/decisions/035): the states, the
 * moves, what a move requires and what it writes on the row. `workflow.ts`
 * declares each kind's workflow in them and exports these too.
 */

import { attachmentRules } from "./attachments";

export const REQUEST_STATES = [
  "pendente",
  "em_analise",
  "em_atendimento",
  "aguardando_ajuste",
  "aguardando_solicitante",
  "aprovado",
  "enviado_ao_banco",
  "recusado",
  "recusada",
  "pago",
  // A cash advance, paid, then settled by its receipts (kinds/adiantamento, docs/decisions/067).
  "aguardando_prestacao",
  "prestacao_enviada",
  "prestacao_concluida",
  "entregue",
  "resolvido",
  "concluida",
  "cancelada",
] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/** How each state is shown (spec, to the letter). */
export const REQUEST_STATE_LABELS: Record<RequestState, string> = {
  pendente: "Pendente",
  em_analise: "Em análise",
  em_atendimento: "Em atendimento",
  aguardando_ajuste: "Aguardando ajuste",
  aguardando_solicitante: "Aguardando solicitante",
  aprovado: "Aprovado",
  enviado_ao_banco: "Enviado ao banco",
  recusado: "Recusado",
  recusada: "Recusada",
  pago: "Pago",
  aguardando_prestacao: "Aguardando prestação de contas",
  prestacao_enviada: "Prestação de contas enviada",
  prestacao_concluida: "Prestação de contas concluída",
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
  "enviar_ao_banco",
  "confirmar_pagamento",
  "pagamento_recusado",
  "definir_prazo",
  "prestar_contas",
  "marcar_devolvido",
  "pagar_diferenca",
  "encerrar_prestacao",
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

/** What a move needs besides the person and the state (a reason is `needsReason`). */
export const REQUIREMENTS = [
  /** 'resultado': the analysis' result. */
  "result",
  /**
   * Finance's approval: a value no higher than the amount asked now (lower needs
   * a reason), the flags confirmed (docs/decisions/015, 029).
   */
  "approvedValue",
  /** Finance's payment: a complete approval within the amount, the day paid and the method. */
  "payment",
  /** What may be sent to the bank: a complete approval within the amount (the day comes back from the bank). */
  "payable",
  /**
   * Above the kind's policy amount, the policy's team approves too, by someone
   * other than the first approver ('Acima de R$ X, aprovação também de <equipe>').
   */
  "secondApproval",
  /** Within REOPEN_WINDOW_DAYS of the state's start. */
  "reopenWindow",
] as const;
export type Requirement = (typeof REQUIREMENTS)[number];

/** What a move writes on the row besides its state and version. */
export const EFFECTS = [
  /** The person who makes it takes the request ('Assumir'). */
  "assignee",
  /** Who decided and when (decided_at, decided_by): not while a second approval is still awaited. */
  "decision",
  /** Who settled and when (settled_at, settled_by): paid, delivered. */
  "settlement",
  /** The result, in the kind's answer field when the automation answers at once (page analyses). */
  "answer",
  /** The day paid and the method. */
  "payment",
  ...DECISION_FIELDS,
] as const;
export type Effect = (typeof EFFECTS)[number];

export type Transition = {
  readonly action: RequestAction;
  readonly from: readonly RequestState[];
  readonly to: RequestState;
  /**
   * Who may make it: the request's author, or a member of a team that handles
   * it (never on their own request).
   */
  readonly by: ActorRole;
  /**
   * While a second approval is awaited, which reviewers may make it instead of
   * the handling team: the awaited team alone ("approver"), or either team
   * ("either"). Absent: the handling team alone (docs/decisions/029).
   */
  readonly whileAwaiting?: "approver" | "either";
  /** Refusing, asking for an adjustment and reopening say why. */
  readonly needsReason?: boolean;
  /** What else it needs (REQUIREMENTS). */
  readonly requires?: readonly Requirement[];
  /** The button's words. */
  readonly label: string;
  /** The move may bring one file (ACTION_FILE_RULES), kept with the request and shown beside the move. */
  readonly file?: { readonly label: string };
  /** What it writes on the row (EFFECTS). */
  readonly sets?: readonly Effect[];
  /** The decision fields the move empties on the row, whoever makes it. */
  readonly clears?: readonly DecisionField[];
  /** Not offered to whoever has the request already: it would change nothing ('Assumir'). */
  readonly notForAssignee?: boolean;
  /**
   * Made only by the bank's files (the remittance sends, its return confirms or refuses,
   * docs/decisions/059), or by a cash advance's settlement, which brings its own data
   * (docs/decisions/067): never offered by the request's generic moves, and refused there.
   */
  readonly via?: "banco" | "prestacao";
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
