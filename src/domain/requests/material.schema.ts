import { z } from "zod";
import {
  choiceField,
  LONG_TEXT_MAX,
  optionalUrlField,
  personNameField,
  QUANTITY_MAX,
  textField,
} from "./fields";
import { fieldMessages } from "./messages";
import { URGENCY_VALUES } from "./options";

/** Spec §2 /material: the quantity starts at 1. */
export const DEFAULT_MATERIAL_QUANTITY = 1;

/**
 * A whole number above zero, typed as text or sent as a number; a missing field
 * takes the default 1, while an emptied one is refused (spec §5 Material).
 */
const quantidadeField = z
  .union([z.number(), z.string()], { error: fieldMessages.quantidadeInvalid })
  .optional()
  .transform((value) => {
    if (value === undefined) return DEFAULT_MATERIAL_QUANTITY;
    if (typeof value === "number") return value;
    return /^\s*\d+\s*$/.test(value) ? Number(value) : Number.NaN;
  })
  .pipe(
    z
      .number({ error: fieldMessages.quantidadeInvalid })
      .int(fieldMessages.quantidadeInvalid)
      .gt(0, fieldMessages.quantidadeInvalid)
      .max(QUANTITY_MAX, fieldMessages.quantidadeTooLarge),
  );

/** The material request form (spec §2 /material, §3 material_solicitacoes, §5 Material). */
export const MaterialInputSchema = z.object({
  nome: personNameField(fieldMessages.nomeMin),
  /** What is asked for (sent to the webhook as `material`). */
  descricao: textField(5, fieldMessages.descricaoMin5, LONG_TEXT_MAX),
  motivo: textField(5, fieldMessages.motivoMin, LONG_TEXT_MAX),
  /** Optional; '' becomes null, as link_referencia is nullable (spec §3). */
  linkReferencia: optionalUrlField(fieldMessages.linkReferenciaInvalid),
  quantidade: quantidadeField,
  urgencia: choiceField(URGENCY_VALUES, fieldMessages.urgenciaRequired),
});
export type MaterialInput = z.infer<typeof MaterialInputSchema>;
export type MaterialFormValues = z.input<typeof MaterialInputSchema>;
