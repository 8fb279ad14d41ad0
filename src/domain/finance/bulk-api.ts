import { z } from "zod";
import { REQUEST_KINDS } from "../requests/kinds";
import { REQUEST_STATES } from "../requests/workflow";
import { financeMessages, PAYMENT_METHODS } from "./payment";

/*
 * Bulk moves and the payment batch (decision 015): several requests approved or
 * paid in one go, each still checked and recorded one by one on the server.
 */

export const BULK_MAX = 200;

export const BulkActionInputSchema = z.object({
  acao: z.enum(["aprovar", "marcar_pago"], { error: "Escolha a ação" }),
  itens: z
    .array(
      z.object({
        tipo: z.enum(REQUEST_KINDS),
        id: z.uuid(),
        /** The version the person saw: changed since, that one answers its own conflict. */
        versao: z.number().int().nonnegative().optional(),
      }),
      { error: "Escolha ao menos uma solicitação" },
    )
    .min(1, "Escolha ao menos uma solicitação")
    .max(BULK_MAX, `Escolha no máximo ${BULK_MAX} solicitações`),
  pagoEm: z.iso.date({ error: financeMessages.paidDateInvalid }).optional(),
  formaPagamento: z.enum(PAYMENT_METHODS, { error: financeMessages.methodInvalid }).optional(),
});
export type BulkActionInput = z.infer<typeof BulkActionInputSchema>;

/** 'Lote de pagamento''s day and method, checked by the page with the bulk move's own rules and messages. */
export const PaymentBatchFormSchema = z.object({
  pagoEm: BulkActionInputSchema.shape.pagoEm.unwrap(),
  formaPagamento: BulkActionInputSchema.shape.formaPagamento.unwrap(),
});
export type PaymentBatchFormValues = z.infer<typeof PaymentBatchFormSchema>;
export type BulkActionRequest = z.input<typeof BulkActionInputSchema>;

export const BulkActionResultSchema = z.object({
  resultados: z.array(
    z.object({
      tipo: z.enum(REQUEST_KINDS),
      id: z.uuid(),
      ok: z.boolean(),
      /** Where it stands after the attempt (null when it could not be read). */
      status: z.enum(REQUEST_STATES).nullable(),
      /** Why this one was not moved, in words. */
      erro: z.string().nullable(),
    }),
  ),
});
export type BulkActionResult = z.infer<typeof BulkActionResultSchema>;

/** 'Lote de pagamento': the approved, unpaid requests, by person, with totals and PIX keys. */
export const PaymentBatchSchema = z.object({
  pessoas: z.array(
    z.object({
      solicitante: z.object({ nome: z.string(), email: z.string() }),
      /** The keys of their requests (usually one; several are shown so nobody pays the wrong one). */
      chavesPix: z.array(z.string()),
      /** Cents: the approved values summed. */
      total: z.number().int(),
      itens: z.array(
        z.object({
          tipo: z.enum(REQUEST_KINDS),
          id: z.uuid(),
          resumo: z.string(),
          valorAprovado: z.number().int(),
          chavePix: z.string().nullable(),
          /**
           * 'Pagar com PIX' (docs/decisions/059): the static BR Code ('copia e cola') with the key,
           * the name, the office's city, the approved amount and the request's txid; or why none.
           */
          pix: z.object({ codigo: z.string().nullable(), problema: z.string().nullable() }),
          versao: z.number().int(),
          createdAt: z.string(),
        }),
      ),
    }),
  ),
});
export type PaymentBatch = z.infer<typeof PaymentBatchSchema>;
