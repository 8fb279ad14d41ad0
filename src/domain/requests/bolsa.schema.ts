import { z } from "zod";
import type { AttachmentRules } from "./attachments";
import {
  amountField,
  choiceField,
  LONG_TEXT_MAX,
  personNameField,
  pixKeyField,
  textField,
  urlField,
} from "./fields";
import { fieldMessages } from "./messages";
import { SCHOLARSHIP_TYPE_VALUES } from "./options";

/** The training grant form (spec §2 /bolsa-capacitacao, §3, §5 Training grant). */
export const BolsaInputSchema = z.object({
  titulo: textField(1, fieldMessages.tituloRequired),
  tipo: choiceField(SCHOLARSHIP_TYPE_VALUES, fieldMessages.tipoRequired),
  /** Empty or 'R$ 0,00' is 'Valor é obrigatório'; text that is no amount, 'Valor deve ser um número válido'. Output in cents. */
  valor: amountField(fieldMessages.valorInvalid, fieldMessages.valorRequired),
  linkPlataforma: urlField(fieldMessages.linkPlataformaInvalid),
  /** Required here (unlike the reimbursement); output normalised as DICT stores it. */
  chavePix: pixKeyField(fieldMessages.chavePixRequired),
  valorAgregado: textField(1, fieldMessages.valorAgregadoRequired, LONG_TEXT_MAX),
  /** Prefilled and disabled in the form; the server should set it from the signed-in user. */
  criadoPor: personNameField(fieldMessages.criadoPorRequired),
});
export type BolsaInput = z.infer<typeof BolsaInputSchema>;
export type BolsaFormValues = z.input<typeof BolsaInputSchema>;

/**
 * Spec §2: one optional file, .pdf .jpg .jpeg .png .doc .docx, hint 'máx. 10MB'.
 * The spec shows no enforcement; we enforce the hint, with messages of ours in
 * the reimbursement's style.
 */
export const BOLSA_ATTACHMENT = {
  min: 0,
  max: 1,
  maxBytes: 10 * 1024 * 1024,
  types: [
    "application/pdf",
    "image/jpeg",
    "image/png",
    "application/msword",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ],
  extensions: [".pdf", ".jpg", ".jpeg", ".png", ".doc", ".docx"],
  messages: {
    tooMany: "Envie apenas um arquivo",
    tooLarge: "Tamanho máximo do arquivo é 10MB",
    type: "Formatos de arquivo aceitos: PDF, JPG, PNG, DOC ou DOCX",
  },
} as const satisfies AttachmentRules;
