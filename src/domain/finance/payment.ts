import type { Option } from "../requests/options";

/*
 * Paying reimbursements and training grants (decision 015): how they were paid,
 * and the rules the approver and the payer meet, with the same Portuguese
 * message in the dialog and in the server's 400.
 */

export const PAYMENT_METHOD_OPTIONS = [
  { value: "pix", label: "PIX" },
  { value: "transferencia", label: "Transferência bancária" },
  { value: "dinheiro", label: "Dinheiro" },
  { value: "outro", label: "Outro" },
] as const satisfies readonly Option[];
export const PAYMENT_METHODS = ["pix", "transferencia", "dinheiro", "outro"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const financeMessages = {
  approvedInvalid: "Informe um valor aprovado válido",
  approvedAboveRequested: "O valor aprovado não pode ser maior que o solicitado",
  partialNeedsReason: "Informe o motivo de aprovar um valor menor",
  paidDateInvalid: "Informe a data do pagamento",
  methodInvalid: "Escolha a forma de pagamento",
  paidDateFuture: "A data do pagamento não pode ser futura",
  paidDateBeforeRequest: "A data do pagamento não pode ser anterior à solicitação",
  flagsUnconfirmed: "Confirme que você verificou os alertas antes de aprovar",
  notPayable: "Pagamento não permitido",
  approvalIncomplete: "A aprovação desta solicitação não está completa: ela não pode ser paga.",
  paidAboveRequested: "O valor aprovado é maior que o solicitado: não pode ser pago.",
  bulkNotAllowed: {
    title: "Ação não permitida",
    description: "Você não pode agir sobre todas as solicitações escolhidas. Nada foi alterado.",
  },
  bulkFlagged: "Tem alertas: aprove individualmente, confirmando os alertas",
} as const;

/**
 * Whether a payment date may be recorded: not after today (São Paulo), not
 * before the day the request was made. Null when it may, else the message.
 */
export function paidDateError(paidOn: string, today: string, requestedOn: string): string | null {
  if (paidOn > today) return financeMessages.paidDateFuture;
  if (paidOn < requestedOn) return financeMessages.paidDateBeforeRequest;
  return null;
}

/**
 * The approved value's problem, or null: never more than requested; less than
 * requested needs a reason (the requester sees both values and why).
 */
export function approvedValueError(
  approvedCents: number,
  requestedCents: number,
  reason: string | undefined,
): { field: "valorAprovado" | "motivo"; message: string } | null {
  if (!Number.isInteger(approvedCents) || approvedCents <= 0)
    return { field: "valorAprovado", message: financeMessages.approvedInvalid };
  if (approvedCents > requestedCents)
    return { field: "valorAprovado", message: financeMessages.approvedAboveRequested };
  if (approvedCents < requestedCents && !reason?.trim())
    return { field: "motivo", message: financeMessages.partialNeedsReason };
  return null;
}

/**
 * Why an approved request cannot be paid as its row stands, or null: the
 * approval must be complete (an approved value, no second approval awaited)
 * and cover no more than the amount asked now (docs/decisions/029).
 */
export function paymentBlocker(
  approvedCents: number | null,
  requestedCents: number,
  awaitingSecondApproval: boolean,
): string | null {
  if (approvedCents === null || awaitingSecondApproval) return financeMessages.approvalIncomplete;
  if (approvedCents > requestedCents) return financeMessages.paidAboveRequested;
  return null;
}
