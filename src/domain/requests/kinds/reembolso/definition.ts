import { z } from "zod";
import { isIsoDate, isWithinReimbursementWindow, todayInSaoPaulo } from "../../../dates";
import { centsToReais } from "../../../money";
import { receiptMessages } from "../../../receipts";
import { attachmentRules } from "../../attachments";
import {
  amountField,
  choiceField,
  choiceFieldWithDefault,
  LONG_TEXT_MAX,
  optionalPixKeyField,
  personNameField,
  textField,
} from "../../fields";
import { fieldMessages } from "../../messages";
import { COST_CENTRE_OPTIONS, COST_CENTRE_VALUES, type CostCentre, DEFAULT_COST_CENTRE } from "../../options";
import { PAYMENT_WORKFLOW } from "../../workflow";
import { defineRequestKind, sessionName } from "../definition";
import { PAYMENT_DETAIL, type PaymentRecord } from "../payment-fields";
import { reembolsoMessages } from "./messages";
import { reembolsoMeta } from "./meta";
import { REIMBURSEMENT_TYPE_OPTIONS, REIMBURSEMENT_TYPE_VALUES, type ReimbursementType } from "./options";
import { optionalReceiptField, type ReceiptRecord } from "./receipt-field";
import { reembolsoSample } from "./sample";

/**
 * The reimbursement form (spec §2 /reembolso, §3 expense form, §5 Reimbursement).
 * The date must fall in the window of spec §9 (not in the future, not before
 * 1 January of the previous year) on São Paulo's calendar: the server passes its
 * `today`; without one, São Paulo's today is read at each validation.
 */
export function reembolsoInputSchema(today?: string) {
  if (today !== undefined && !isIsoDate(today)) throw new RangeError(`Not a 'yyyy-mm-dd' date: ${today}`);
  return z.object({
    nome: personNameField(fieldMessages.nomeMin),
    data: z
      .string({ error: fieldMessages.dataRequired })
      .trim()
      .refine(isIsoDate, { error: fieldMessages.dataRequired, abort: true })
      .refine(
        (date) => isWithinReimbursementWindow(date, today ?? todayInSaoPaulo()),
        reembolsoMessages.fields.dataOutOfWindow,
      ),
    tipo: choiceField(REIMBURSEMENT_TYPE_VALUES, reembolsoMessages.fields.tipoDespesaRequired),
    centroCusto: choiceFieldWithDefault(
      COST_CENTRE_VALUES,
      DEFAULT_COST_CENTRE,
      reembolsoMessages.fields.centroCustoInvalid,
    ),
    /** Text as the mask shows it ('R$ 1.234,56'); output in cents, more than zero. */
    valor: amountField(fieldMessages.valorInvalid),
    /** Optional; output normalised as DICT stores it, or undefined. */
    chavePix: optionalPixKeyField(),
    /** Optional: the NF-e/NFC-e key or its QR code's content; output the note's record, or undefined. */
    chaveNota: optionalReceiptField(),
    descricao: textField(5, fieldMessages.descricaoMin5, LONG_TEXT_MAX),
  });
}

export const ReembolsoInputSchema = reembolsoInputSchema();
/** What the server works with: trimmed texts, valor in cents, chavePix normalised. */
export type ReembolsoInput = z.infer<typeof ReembolsoInputSchema>;
/** What the form holds before validation (valor as masked text). */
export type ReembolsoFormValues = z.input<typeof ReembolsoInputSchema>;

/** Spec §2 and §5: one file or more, each JPG, PNG or PDF of at most 30MB. */
export const REEMBOLSO_ATTACHMENTS = attachmentRules({
  fileKinds: ["jpeg", "png", "pdf"],
  min: 1,
  maxBytes: 30 * 1024 * 1024,
  messages: {
    required: "Arquivo é obrigatório",
    tooLarge: "Tamanho máximo por arquivo é 30MB",
    type: "Formatos de arquivo aceitos: JPG, PNG ou PDF",
  },
});

/** reembolso_solicitacoes (spec §3): the expense type is kept as `categoria`. */
export type ReembolsoRecord = {
  nome: string;
  /** Cents. */
  valor: number;
  data: string;
  categoria: ReimbursementType;
  descricao: string;
  centroCusto: CostCentre;
  chavePix: string | null;
  /** Comma-joined download addresses of the receipts (spec §3 anexo_url). */
  anexoUrl: string | null;
} & PaymentRecord &
  NullableReceipt;

/** The note's record, each field null when no key was given. */
type NullableReceipt = { [K in keyof ReceiptRecord]: ReceiptRecord[K] | null };

/** Spec §7 Reimbursement webhook, field for field (the receivers read these names). */
export type ReembolsoWebhookPayload = {
  nome: string;
  data: string;
  tipo: ReimbursementType;
  /** In reais, as a JSON number (1234.56). */
  valor: number;
  descricao: string;
  anexos: string[];
  centro_custo: CostCentre;
  /** '' when none was given, as the form's empty field. */
  chavePix: string;
  tipo_solicitacao: "Solicitação de reembolso";
  status: "pendente";
};

export function reembolsoWebhookPayload(
  record: ReembolsoRecord,
  attachmentLinks: readonly string[],
): ReembolsoWebhookPayload {
  return {
    nome: record.nome,
    data: record.data,
    tipo: record.categoria,
    valor: centsToReais(record.valor),
    descricao: record.descricao,
    anexos: [...attachmentLinks],
    centro_custo: record.centroCusto,
    chavePix: record.chavePix ?? "",
    tipo_solicitacao: "Solicitação de reembolso",
    status: "pendente",
  };
}

export const reembolso = defineRequestKind(reembolsoMeta, {
  schema: reembolsoInputSchema,
  // The name is prefilled and read-only (spec §2); a user without one keeps what the form sent.
  session: { fields: ["nome"], values: (requester, sent) => ({ nome: sessionName(requester, sent.nome) }) },
  toRecord: (input): ReembolsoRecord => ({
    nome: input.nome,
    valor: input.valor,
    data: input.data,
    categoria: input.tipo,
    descricao: input.descricao,
    centroCusto: input.centroCusto,
    chavePix: input.chavePix ?? null,
    anexoUrl: null,
    chaveNota: input.chaveNota?.chaveNota ?? null,
    notaUrl: input.chaveNota?.notaUrl ?? null,
    notaEmitente: input.chaveNota?.notaEmitente ?? null,
  }),
  moneyFields: ["valor", "valorAprovado"],
  list: { fields: ["descricao"], summary: (f) => String(f.descricao), value: "valor" },
  detail: [
    { key: "nome", label: "Nome do colaborador" },
    { key: "data", label: "Data da despesa", as: "date" },
    { key: "categoria", label: "Tipo de despesa", options: REIMBURSEMENT_TYPE_OPTIONS },
    { key: "valor", label: "Valor", as: "money" },
    ...PAYMENT_DETAIL,
    { key: "centroCusto", label: "Centro de custo", options: COST_CENTRE_OPTIONS },
    { key: "chavePix", label: "Chave PIX", empty: "Não informada" },
    { key: "chaveNota", label: "Chave de acesso da nota", as: "accessKey", wide: true },
    { key: "notaEmitente", label: receiptMessages.issuerLabel },
    { key: "notaUrl", label: "Nota fiscal", as: "url", linkText: receiptMessages.consultSefaz },
    { key: "descricao", label: "Descrição", as: "long", wide: true },
  ],
  attachments: { field: "anexo", rules: REEMBOLSO_ATTACHMENTS, urlListField: "anexoUrl" },
  webhook: (record, context) => reembolsoWebhookPayload(record, context.attachmentLinks),
  workflow: PAYMENT_WORKFLOW,
  sample: reembolsoSample,
  delivery: { mode: "queued" },
  messages: {
    success: () => reembolsoMessages.success,
    error: () => reembolsoMessages.error,
  },
});
