import { formatDistanceStrict } from "date-fns";
import { ptBR } from "date-fns/locale";
import { formatDateBR, todayInSaoPaulo } from "../dates";
import type { RequestStanding } from "./review-api";
import {
  REQUEST_STATE_LABELS,
  type RequestAction,
  type RequestState,
  WAITING_ON_REQUESTER_STATES,
} from "./workflow";

/** 'há 3 dias', 'há 2 horas', 'agora' (decision 011: the queue's age, the page's 'Com X há N dias'). */
export function ageText(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  if (now.getTime() - at.getTime() < 60_000) return "agora";
  return formatDistanceStrict(at, now, { locale: ptBR, addSuffix: true, roundingMethod: "floor" });
}

/** States shown as settled: nothing more is waited for. */
const SETTLED: readonly RequestState[] = [
  "aprovado",
  "pago",
  "entregue",
  "resolvido",
  "concluida",
  "prestacao_concluida",
  "recusado",
  "recusada",
  "cancelada",
];

/**
 * Where the request is, in a sentence, for whoever reads it: 'Com Financeiro
 * há 2 dias', 'Com você há 1 dia' while it waits on its author, 'Pago em
 * 12/03/2026' once settled.
 */
export function withWhomText(
  standing: Pick<RequestStanding, "status" | "desde" | "equipes" | "aguardandoAprovacaoDe" | "papel">,
  now: Date = new Date(),
): string {
  const since = ageText(standing.desde, now);
  const label = REQUEST_STATE_LABELS[standing.status];
  if ((WAITING_ON_REQUESTER_STATES as readonly string[]).includes(standing.status)) {
    return standing.papel === "solicitante" ? `Com você ${since}` : `Com o solicitante ${since}`;
  }
  if (SETTLED.includes(standing.status) && standing.status !== "aprovado") {
    return `${label} em ${formatDateBR(todayInSaoPaulo(new Date(standing.desde)))}`;
  }
  const teams = standing.aguardandoAprovacaoDe ? [standing.aguardandoAprovacaoDe] : standing.equipes;
  if (!teams.length) return `${label} ${since}`;
  return `Com ${joinNames(teams)} ${since}`;
}

/** 'A', 'A e B', 'A, B e C'. */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} e ${names.at(-1)}`;
}

/** How a state is coloured: waiting on the team, on the requester, done well, or ended otherwise. */
export type StateTone = "waiting" | "working" | "requester" | "good" | "ended";

export function stateTone(status: string): StateTone {
  if (status === "pendente") return "waiting";
  if ((WAITING_ON_REQUESTER_STATES as readonly string[]).includes(status)) return "requester";
  if (["aprovado", "pago", "entregue", "resolvido", "concluida", "prestacao_concluida"].includes(status))
    return "good";
  if (["recusado", "recusada", "cancelada"].includes(status)) return "ended";
  return "working";
}

/** What each move did, as the timeline tells it ('Ana Souza aprovou'). */
export const ACTION_DONE_TEXT: Record<RequestAction, string> = {
  assumir: "assumiu a solicitação",
  aprovar: "aprovou",
  recusar: "recusou",
  pedir_ajuste: "pediu ajuste",
  marcar_pago: "marcou como pago",
  enviar_ao_banco: "enviou ao banco",
  confirmar_pagamento: "registrou o pagamento confirmado pelo banco",
  pagamento_recusado: "registrou o pagamento recusado pelo banco",
  marcar_entregue: "marcou como entregue",
  pedir_informacao: "pediu informações ao solicitante",
  retomar: "retomou o atendimento",
  resolver: "resolveu",
  concluir: "concluiu a análise",
  reenviar: "reenviou a solicitação",
  cancelar: "cancelou a solicitação",
  reabrir: "reabriu o chamado",
  definir_prazo: "definiu o prazo da prestação de contas",
  prestar_contas: "prestou contas do adiantamento",
  marcar_devolvido: "registrou a devolução do saldo",
  pagar_diferenca: "registrou o pagamento da diferença",
  encerrar_prestacao: "encerrou a prestação de contas",
};

/** The toast after a move succeeds. */
export const ACTION_DONE_TOAST: Record<RequestAction, string> = {
  assumir: "Solicitação assumida",
  aprovar: "Solicitação aprovada",
  recusar: "Solicitação recusada",
  pedir_ajuste: "Ajuste pedido ao solicitante",
  marcar_pago: "Solicitação marcada como paga",
  enviar_ao_banco: "Enviada ao banco",
  confirmar_pagamento: "Pagamento confirmado",
  pagamento_recusado: "Pagamento recusado pelo banco",
  marcar_entregue: "Solicitação marcada como entregue",
  pedir_informacao: "Aguardando o solicitante",
  retomar: "Atendimento retomado",
  resolver: "Chamado resolvido",
  concluir: "Análise concluída",
  reenviar: "Solicitação reenviada",
  cancelar: "Solicitação cancelada",
  reabrir: "Chamado reaberto",
  definir_prazo: "Prazo definido",
  prestar_contas: "Prestação de contas enviada",
  marcar_devolvido: "Devolução registrada",
  pagar_diferenca: "Pagamento da diferença registrado",
  encerrar_prestacao: "Prestação de contas encerrada",
};
