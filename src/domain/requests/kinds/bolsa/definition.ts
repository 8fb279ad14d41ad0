import { z } from "zod";
import { formatBRL } from "../../../money";
import { attachmentRules } from "../../attachments";
import {
  amountField,
  choiceField,
  LONG_TEXT_MAX,
  personNameField,
  pixKeyField,
  textField,
  urlField,
} from "../../fields";
import { fieldMessages } from "../../messages";
import { PAYMENT_WORKFLOW } from "../../workflow";
import { defineRequestKind } from "../definition";
import { PAYMENT_DETAIL, type PaymentRecord } from "../payment-fields";
import { bolsaMessages } from "./messages";
import { bolsaMeta } from "./meta";
import { SCHOLARSHIP_TYPE_OPTIONS, SCHOLARSHIP_TYPE_VALUES, type ScholarshipType } from "./options";
import { bolsaSample } from "./sample";

/** The training grant form (spec §2 /bolsa-capacitacao, §3, §5 Training grant). */
export const BolsaInputSchema = z.object({
  titulo: textField(1, bolsaMessages.fields.tituloRequired),
  tipo: choiceField(SCHOLARSHIP_TYPE_VALUES, bolsaMessages.fields.tipoRequired),
  /** Empty or 'R$ 0,00' is 'Valor é obrigatório'; text that is no amount, 'Valor deve ser um número válido'. Output in cents. */
  valor: amountField(fieldMessages.valorInvalid, bolsaMessages.fields.valorRequired),
  linkPlataforma: urlField(bolsaMessages.fields.linkPlataformaInvalid),
  /** Required here (unlike the reimbursement); output normalised as DICT stores it. */
  chavePix: pixKeyField(fieldMessages.chavePixRequired),
  valorAgregado: textField(1, bolsaMessages.fields.valorAgregadoRequired, LONG_TEXT_MAX),
  /** Prefilled and disabled in the form; the server sets it from the signed-in user. */
  criadoPor: personNameField(bolsaMessages.fields.criadoPorRequired),
});
export type BolsaInput = z.infer<typeof BolsaInputSchema>;
export type BolsaFormValues = z.input<typeof BolsaInputSchema>;

/**
 * Spec §2: one optional file, .pdf .jpg .jpeg .png .doc .docx, hint 'máx. 10MB'.
 * The spec shows no enforcement; we enforce the hint, with messages of ours in
 * the reimbursement's style.
 */
export const BOLSA_ATTACHMENT = attachmentRules({
  fileKinds: ["pdf", "jpeg", "png", "doc", "docx"],
  min: 0,
  max: 1,
  maxBytes: 10 * 1024 * 1024,
  messages: {
    tooMany: "Envie apenas um arquivo",
    tooLarge: "Tamanho máximo do arquivo é 10MB",
    type: "Formatos de arquivo aceitos: PDF, JPG, PNG, DOC ou DOCX",
  },
});

/** bolsa_solicitacoes: the form's fields, valor in cents. */
export type BolsaRecord = {
  titulo: string;
  tipo: ScholarshipType;
  valor: number;
  linkPlataforma: string;
  chavePix: string;
  valorAgregado: string;
  criadoPor: string;
} & PaymentRecord;

/**
 * Ours: spec §7 does not show the training grant's call. Built in the style of
 * the reimbursement's, with the fields of spec §3 and valor as formatted text
 * ('R$ 1.234,56', U+00A0 after 'R$', as the form's mask shows it).
 */
export type BolsaWebhookPayload = {
  titulo: string;
  tipo: ScholarshipType;
  valor: string;
  linkPlataforma: string;
  chavePix: string;
  valorAgregado: string;
  criadoPor: string;
  anexo: string | null;
  tipo_solicitacao: "Solicitação de bolsa de capacitação";
  status: "pendente";
};

export function bolsaWebhookPayload(record: BolsaRecord, attachmentLink: string | null): BolsaWebhookPayload {
  return {
    titulo: record.titulo,
    tipo: record.tipo,
    valor: formatBRL(record.valor),
    linkPlataforma: record.linkPlataforma,
    chavePix: record.chavePix,
    valorAgregado: record.valorAgregado,
    criadoPor: record.criadoPor,
    anexo: attachmentLink,
    tipo_solicitacao: "Solicitação de bolsa de capacitação",
    status: "pendente",
  };
}

export const bolsa = defineRequestKind(bolsaMeta, {
  schema: () => BolsaInputSchema,
  session: {
    fields: ["criadoPor"],
    values: (requester) => ({ criadoPor: requester.name.trim() || requester.email }),
  },
  toRecord: (input): BolsaRecord => ({
    titulo: input.titulo,
    tipo: input.tipo,
    valor: input.valor,
    linkPlataforma: input.linkPlataforma,
    chavePix: input.chavePix,
    valorAgregado: input.valorAgregado,
    criadoPor: input.criadoPor,
  }),
  moneyFields: ["valor", "valorAprovado"],
  list: { fields: ["titulo"], summary: (f) => String(f.titulo), value: "valor" },
  detail: [
    { key: "titulo", label: "Título", wide: true },
    { key: "tipo", label: "Tipo", options: SCHOLARSHIP_TYPE_OPTIONS },
    { key: "valor", label: "Valor", as: "money" },
    ...PAYMENT_DETAIL,
    { key: "linkPlataforma", label: "Link da plataforma", as: "url", wide: true },
    { key: "chavePix", label: "Chave PIX" },
    { key: "criadoPor", label: "Criado por" },
    { key: "valorAgregado", label: "Como pode agregar valor", as: "long", wide: true },
  ],
  attachments: { field: "anexo", rules: BOLSA_ATTACHMENT },
  webhook: (record, context) => bolsaWebhookPayload(record, context.attachmentLinks[0] ?? null),
  workflow: PAYMENT_WORKFLOW,
  sample: bolsaSample,
  delivery: { mode: "queued" },
  messages: {
    success: () => bolsaMessages.success,
    error: (explanation) => bolsaMessages.error(explanation),
  },
});
