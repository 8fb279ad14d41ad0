import { z } from "zod";
import { addDays, isIsoDate, todayInSaoPaulo } from "../../../dates";
import { centsToReais, parseBrlToCents } from "../../../money";
import { receiptMessages } from "../../../receipts";
import { choiceField, LONG_TEXT_MAX, personNameField, pixKeyField, textField } from "../../fields";
import { fieldMessages } from "../../messages";
import { defineRequestKind, sessionName } from "../definition";
import { PAYMENT_DETAIL, type PaymentRecord } from "../payment-fields";
import { adiantamentoMessages } from "./messages";
import { adiantamentoMeta } from "./meta";
import {
  ADVANCE_PURPOSE_OPTIONS,
  ADVANCE_PURPOSE_VALUES,
  type AdvancePurpose,
  NEEDED_WITHIN_DAYS,
} from "./options";
import { adiantamentoSample } from "./sample";
import { isOverdue, overdueFlag, settlementDeadline } from "./settlement";
import { ADVANCE_WORKFLOW } from "./workflow";

export { adiantamentoMessages } from "./messages";
export * from "./options";
export * from "./settlement";

const messages = adiantamentoMessages.fields;

/** The days the money may be needed on: from São Paulo's today to NEEDED_WITHIN_DAYS ahead. */
export function neededDateWindow(today: string): { min: string; max: string } {
  return { min: today, max: addDays(today, NEEDED_WITHIN_DAYS) };
}

/**
 * Text as the mask shows it ('R$ 1.234,56'), or whole cents: a JSON kind's form sends the schema's
 * own output, which the server checks again. Output in cents, more than zero.
 */
const advanceAmountField = z.union([z.number(), z.string()], { error: fieldMessages.valorInvalid }).pipe(
  z.transform((value: number | string, ctx) => {
    const cents = typeof value === "number" ? value : parseBrlToCents(value);
    if (cents !== null && Number.isSafeInteger(cents) && cents > 0) return cents;
    ctx.issues.push({ code: "custom", message: fieldMessages.valorInvalid, input: value });
    return z.NEVER;
  }),
);

/**
 * The advance: how much, what for, the day the money is needed and the PIX key it goes to (required:
 * it is paid like a reimbursement, by PIX). `today` is São Paulo's; read at each validation without one.
 */
export function adiantamentoInputSchema(today?: string) {
  return z.object({
    nome: personNameField(fieldMessages.nomeMin),
    valor: advanceAmountField,
    finalidade: choiceField(ADVANCE_PURPOSE_VALUES, messages.finalidadeRequired),
    descricao: textField(10, messages.descricaoMin, LONG_TEXT_MAX),
    dataNecessaria: z
      .string({ error: messages.dataNecessariaRequired })
      .trim()
      .refine(isIsoDate, { error: messages.dataNecessariaRequired, abort: true })
      .refine((date) => {
        const { min, max } = neededDateWindow(today ?? todayInSaoPaulo());
        return date >= min && date <= max;
      }, messages.dataNecessariaOutOfWindow),
    chavePix: pixKeyField(fieldMessages.chavePixRequired),
  });
}
export type AdiantamentoInput = z.infer<ReturnType<typeof adiantamentoInputSchema>>;

/** What the settlement adds (docs/decisions/067): money as numeric text, like the shared columns. */
export type SettlementRecord = {
  /** yyyy-mm-dd: set by Financeiro; without it, SETTLEMENT_DEFAULT_DAYS after the payment. */
  prazoPrestacao: string | null;
  valorGasto: string | null;
  valorDevolver: string | null;
  valorReembolsar: string | null;
  observacaoPrestacao: string | null;
  chaveNota: string | null;
  notaEmitente: string | null;
  notaUrl: string | null;
};

export type AdiantamentoRecord = {
  nome: string;
  valor: number;
  finalidade: AdvancePurpose;
  descricao: string;
  dataNecessaria: string;
  chavePix: string;
} & PaymentRecord &
  Partial<SettlementRecord>;

export const adiantamento = defineRequestKind(adiantamentoMeta, {
  schema: adiantamentoInputSchema,
  // The name is the account's, locked on the form: a client cannot file in someone else's name.
  session: { fields: ["nome"], values: (requester, sent) => ({ nome: sessionName(requester, sent.nome) }) },
  toRecord: (input): AdiantamentoRecord => ({
    nome: input.nome,
    valor: input.valor,
    finalidade: input.finalidade,
    descricao: input.descricao,
    dataNecessaria: input.dataNecessaria,
    chavePix: input.chavePix,
  }),
  moneyFields: ["valor", "valorAprovado", "valorGasto", "valorDevolver", "valorReembolsar"],
  // The deadline is listed so 'Caixa de entrada' can say an advance is overdue (`alerts`).
  list: {
    fields: ["descricao", "prazoPrestacao", "pagoEm"],
    summary: (f) => String(f.descricao),
    value: "valor",
  },
  detail: [
    { key: "nome", label: "Nome do colaborador" },
    { key: "valor", label: "Valor", as: "money" },
    { key: "finalidade", label: "Finalidade", options: ADVANCE_PURPOSE_OPTIONS },
    { key: "dataNecessaria", label: "Data em que precisa do dinheiro", as: "date" },
    ...PAYMENT_DETAIL,
    { key: "chavePix", label: "Chave PIX" },
    { key: "prazoPrestacao", label: "Prazo da prestação de contas", as: "date" },
    { key: "valorGasto", label: "Gasto comprovado", as: "money" },
    { key: "valorDevolver", label: "A devolver", as: "money" },
    { key: "valorReembolsar", label: "A reembolsar", as: "money" },
    { key: "chaveNota", label: "Chave de acesso da nota", as: "accessKey", wide: true },
    { key: "notaEmitente", label: receiptMessages.issuerLabel },
    { key: "notaUrl", label: "Nota fiscal", as: "url", linkText: receiptMessages.consultSefaz },
    { key: "observacaoPrestacao", label: "Observação da prestação de contas", as: "long", wide: true },
    { key: "descricao", label: "Descrição", as: "long", wide: true },
  ],
  webhook: (record) => ({
    nome: record.nome,
    valor: centsToReais(record.valor),
    finalidade: record.finalidade,
    descricao: record.descricao,
    dataNecessaria: record.dataNecessaria,
    chavePix: record.chavePix,
    tipo_solicitacao: "Solicitação de adiantamento",
    status: "pendente",
  }),
  delivery: { mode: "queued" },
  messages: {
    success: () => adiantamentoMessages.success,
    // The server's own words when it refuses (an overdue advance blocks a new one).
    error: (explanation) => ({
      title: adiantamentoMessages.error.title,
      description: explanation?.trim() || adiantamentoMessages.error.description,
    }),
  },
  workflow: ADVANCE_WORKFLOW,
  sample: adiantamentoSample,
  alerts: (fields, status, today) => {
    const paidOn = typeof fields.pagoEm === "string" ? fields.pagoEm : null;
    const set = typeof fields.prazoPrestacao === "string" ? fields.prazoPrestacao : null;
    const deadline = settlementDeadline(paidOn, set);
    if (!deadline || !isOverdue(status, deadline, today)) return [];
    return [overdueFlag(deadline)];
  },
});
