import { z } from "zod";
import { isIsoDate, isWithinReimbursementWindow, todayInSaoPaulo } from "../dates";
import type { AttachmentRules } from "./attachments";
import {
  amountField,
  choiceField,
  choiceFieldWithDefault,
  LONG_TEXT_MAX,
  optionalPixKeyField,
  personNameField,
  textField,
} from "./fields";
import { fieldMessages } from "./messages";
import { COST_CENTRE_VALUES, DEFAULT_COST_CENTRE, REIMBURSEMENT_TYPE_VALUES } from "./options";

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
        fieldMessages.dataOutOfWindow,
      ),
    tipo: choiceField(REIMBURSEMENT_TYPE_VALUES, fieldMessages.tipoDespesaRequired),
    centroCusto: choiceFieldWithDefault(
      COST_CENTRE_VALUES,
      DEFAULT_COST_CENTRE,
      fieldMessages.centroCustoInvalid,
    ),
    /** Text as the mask shows it ('R$ 1.234,56'); output in cents, more than zero. */
    valor: amountField(fieldMessages.valorInvalid),
    /** Optional; output normalised as DICT stores it, or undefined. */
    chavePix: optionalPixKeyField(),
    descricao: textField(5, fieldMessages.descricaoMin5, LONG_TEXT_MAX),
  });
}

export const ReembolsoInputSchema = reembolsoInputSchema();
/** What the server works with: trimmed texts, valor in cents, chavePix normalised. */
export type ReembolsoInput = z.infer<typeof ReembolsoInputSchema>;
/** What the form holds before validation (valor as masked text). */
export type ReembolsoFormValues = z.input<typeof ReembolsoInputSchema>;

/** Spec §2 and §5: one file or more, each JPG, PNG or PDF of at most 30MB. */
export const REEMBOLSO_ATTACHMENTS = {
  min: 1,
  maxBytes: 30 * 1024 * 1024,
  types: ["image/jpeg", "image/png", "application/pdf"],
  extensions: [".jpg", ".jpeg", ".png", ".pdf"],
  messages: {
    required: "Arquivo é obrigatório",
    tooLarge: "Tamanho máximo por arquivo é 30MB",
    type: "Formatos de arquivo aceitos: JPG, PNG ou PDF",
  },
} as const satisfies AttachmentRules;
