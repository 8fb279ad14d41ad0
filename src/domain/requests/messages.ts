import { personNameMessages } from "../auth/person-name";
import type { Notice } from "../messages";
import { REQUEST_STATE_LABELS } from "./workflow";

/*
 * Portuguese texts of the spec's five request forms: field messages (spec §5), toasts
 * (spec §8 Requests and Successes) and listing labels. Texts the spec gives are
 * copied to the letter; those it does not give are marked "ours".
 */

export const fieldMessages = {
  /** Spec §5: 'Nome deve ter pelo menos 3 caracteres', the one name rule's own message. */
  nomeMin: personNameMessages.tooShort,
  dataRequired: "Por favor selecione uma data",
  valorInvalid: "Valor deve ser um número válido",
  descricaoMin5: "Descrição deve ter pelo menos 5 caracteres",
  chavePixRequired: "Chave PIX é obrigatória",
  // ours: the spec checks only that a key is given.
  chavePixInvalid: "Chave PIX inválida",
  emailInvalid: "Email inválido",
  // ours: upper bounds the spec does not set, so the server never stores unbounded text.
  tooLong: (max: number) => `Deve ter no máximo ${max} caracteres`,
} as const;

/** Spec §8 Requests: the reimbursement and material error toast. */
export const sendFailed = {
  title: "Erro ao enviar solicitação",
  description: "Ocorreu um erro. Tente novamente.",
};

export const SUCCESS_TITLE = "Solicitação enviada com sucesso!";

export const requestMessages = {
  /** Spec §8 Successes: the short form, for a request accepted before its delivery is confirmed. */
  sent: { title: "Solicitação enviada" },
} as const satisfies Record<string, Record<string, Notice | ((...args: never[]) => Notice)> | Notice>;

/** Spec §4: requests are created 'pendente'; the review desk's states (decision 011); others as stored. */
export const REQUEST_STATUS_LABELS: Readonly<Record<string, string>> = REQUEST_STATE_LABELS;

export function requestStatusLabel(status: string): string {
  return Object.hasOwn(REQUEST_STATUS_LABELS, status) ? (REQUEST_STATUS_LABELS[status] ?? status) : status;
}
