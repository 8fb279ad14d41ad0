import { z } from "zod";
import {
  choiceField,
  choiceFieldWithDefault,
  EMAIL_MAX,
  LONG_TEXT_MAX,
  personNameField,
  textField,
} from "./fields";
import { fieldMessages } from "./messages";
import { DEFAULT_PRIORITY, PRIORITY_VALUES, SUPPORT_DEPARTMENT_VALUES } from "./options";

/** The support form (spec §2 /suporte, §3 Support request, §5 Support). */
export const SuporteInputSchema = z.object({
  nome: personNameField(fieldMessages.nomeMin),
  email: z
    .string({ error: fieldMessages.emailInvalid })
    .trim()
    .max(EMAIL_MAX, fieldMessages.emailInvalid)
    .pipe(z.email({ error: fieldMessages.emailInvalid })),
  departamento: choiceField(SUPPORT_DEPARTMENT_VALUES, fieldMessages.departamentoRequired),
  assunto: textField(5, fieldMessages.assuntoMin),
  descricao: textField(10, fieldMessages.descricaoMin10, LONG_TEXT_MAX),
  /** 'media' when missing or empty (spec §2); an unknown value is refused. */
  prioridade: choiceFieldWithDefault(PRIORITY_VALUES, DEFAULT_PRIORITY, fieldMessages.prioridadeRequired),
});
export type SuporteInput = z.infer<typeof SuporteInputSchema>;
export type SuporteFormValues = z.input<typeof SuporteInputSchema>;
