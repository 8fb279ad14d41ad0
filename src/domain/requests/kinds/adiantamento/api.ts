import { z } from "zod";
import { isIsoDate } from "../../../dates";
import { amountField, LONG_TEXT_MAX } from "../../fields";
import { optionalReceiptField } from "../reembolso/receipt-field";
import { adiantamentoMessages } from "./messages";

/*
 * The HTTP contract of a cash advance's settlement (docs/decisions/067): what the person and
 * Financeiro send to /api/adiantamentos/:id/prestacao, and what they read back. The advance
 * itself is created, listed and moved like any request.
 */

const messages = adiantamentoMessages.settlement;

export const AdvanceParamsSchema = z.object({ id: z.uuid() });

/**
 * The person's settlement: what the receipts add up to (the mask's text, more than zero), an
 * optional note and the NF-e/NFC-e key of a receipt, read like the reimbursement's; the receipts
 * themselves are the multipart form's `anexo` files, under the reimbursement's rules.
 */
export const SettlementSendSchema = z.object({
  valorGasto: amountField(messages.spentInvalid),
  observacao: z
    .string()
    .trim()
    .max(LONG_TEXT_MAX)
    .nullish()
    .transform((text) => text || null),
  chaveNota: optionalReceiptField(),
  versao: z.coerce.number().int().nonnegative().optional(),
});
export type SettlementSend = z.infer<typeof SettlementSendSchema>;

/** Financeiro's moves on a settlement: the deadline, and the closing move the balance allows. */
export const SettlementActionSchema = z.object({
  acao: z.enum(["definir_prazo", "marcar_devolvido", "pagar_diferenca", "encerrar_prestacao"]),
  /** 'definir_prazo': the new deadline, yyyy-mm-dd. */
  prazo: z.string().refine(isIsoDate, messages.deadlineInvalid).optional(),
  versao: z.number().int().nonnegative().optional(),
});
export type SettlementAction = z.infer<typeof SettlementActionSchema>;

/** The settlement as its reader sees it; money in cents. */
export const SettlementViewSchema = z.object({
  status: z.string(),
  versao: z.number().int(),
  /** The deadline, yyyy-mm-dd, once the advance was paid. */
  prazo: z.string().nullable(),
  atrasada: z.boolean(),
  /** What was paid, what the receipts add up to, and the difference either way. */
  pago: z.number().int().nullable(),
  gasto: z.number().int().nullable(),
  devolver: z.number().int().nullable(),
  reembolsar: z.number().int().nullable(),
  /** The agency's PIX BR Code for exactly what is to be returned, or why there is none. */
  codigoPix: z.string().nullable(),
  /** Who receives it: the agency's paying account. */
  recebedor: z.string().nullable(),
  problemaPix: z.string().nullable(),
  /** What the reader may do now. */
  podePrestarContas: z.boolean(),
  podeDefinirPrazo: z.boolean(),
  fechamento: z.enum(["marcar_devolvido", "pagar_diferenca", "encerrar_prestacao"]).nullable(),
});
export type SettlementView = z.infer<typeof SettlementViewSchema>;

/** The signed-in person's advance past its deadline, if any: the form shows it before it is filled. */
export const AdvancePendingSchema = z.object({
  atrasado: z.object({ id: z.uuid(), prazo: z.string() }).nullable(),
});
export type AdvancePending = z.infer<typeof AdvancePendingSchema>;
