import { z } from "zod";
import {
  choiceField,
  choiceFieldWithDefault,
  LONG_TEXT_MAX,
  mailboxField,
  personNameField,
  textField,
} from "../../fields";
import { fieldMessages } from "../../messages";
import { defineRequestKind, sessionName } from "../definition";
import { suporteMessages } from "./messages";
import { suporteMeta } from "./meta";
import {
  DEFAULT_PRIORITY,
  PRIORITY_OPTIONS,
  PRIORITY_VALUES,
  type Priority,
  SUPPORT_DEPARTMENT_OPTIONS,
  SUPPORT_DEPARTMENT_VALUES,
  type SupportDepartment,
} from "./options";
import { suporteSample } from "./sample";
import { TICKET_WORKFLOW } from "./workflow";

/** The support form (spec §2 /suporte, §3 Support request, §5 Support). */
export const SuporteInputSchema = z.object({
  nome: personNameField(fieldMessages.nomeMin),
  email: mailboxField(fieldMessages.emailInvalid),
  departamento: choiceField(SUPPORT_DEPARTMENT_VALUES, suporteMessages.fields.departamentoRequired),
  assunto: textField(5, suporteMessages.fields.assuntoMin),
  descricao: textField(10, suporteMessages.fields.descricaoMin10, LONG_TEXT_MAX),
  /** 'media' when missing or empty (spec §2); an unknown value is refused. */
  prioridade: choiceFieldWithDefault(
    PRIORITY_VALUES,
    DEFAULT_PRIORITY,
    suporteMessages.fields.prioridadeRequired,
  ),
});
export type SuporteInput = z.infer<typeof SuporteInputSchema>;
export type SuporteFormValues = z.input<typeof SuporteInputSchema>;

/** suporte_solicitacoes: the form's fields (spec §3 Support request). */
export type SuporteRecord = {
  nome: string;
  email: string;
  departamento: SupportDepartment;
  assunto: string;
  descricao: string;
  prioridade: Priority;
};

/** Spec §3 Support request: the fields, tipo 'suporte' and the moment as an ISO timestamp. */
export type SuporteWebhookPayload = {
  nome: string;
  email: string;
  departamento: SupportDepartment;
  assunto: string;
  descricao: string;
  prioridade: Priority;
  tipo: "suporte";
  data_solicitacao: string;
};

export function suporteWebhookPayload(record: SuporteRecord, createdAt: Date): SuporteWebhookPayload {
  return {
    nome: record.nome,
    email: record.email,
    departamento: record.departamento,
    assunto: record.assunto,
    descricao: record.descricao,
    prioridade: record.prioridade,
    tipo: "suporte",
    data_solicitacao: createdAt.toISOString(),
  };
}

export const suporte = defineRequestKind(suporteMeta, {
  schema: () => SuporteInputSchema,
  // Name and e-mail are prefilled and locked when signed in (spec §2).
  session: {
    fields: ["nome", "email"],
    values: (requester, sent) => ({ nome: sessionName(requester, sent.nome), email: requester.email }),
  },
  toRecord: (input): SuporteRecord => ({
    nome: input.nome,
    email: input.email,
    departamento: input.departamento,
    assunto: input.assunto,
    descricao: input.descricao,
    prioridade: input.prioridade,
  }),
  moneyFields: [],
  list: { fields: ["assunto"], summary: (f) => String(f.assunto) },
  detail: [
    { key: "nome", label: "Nome" },
    { key: "email", label: "Email" },
    { key: "departamento", label: "Departamento", options: SUPPORT_DEPARTMENT_OPTIONS },
    { key: "prioridade", label: "Prioridade", options: PRIORITY_OPTIONS },
    { key: "assunto", label: "Assunto", wide: true },
    { key: "descricao", label: "Descrição", as: "long", wide: true },
  ],
  webhook: (record, context) => suporteWebhookPayload(record, context.createdAt),
  workflow: TICKET_WORKFLOW,
  sample: suporteSample,
  delivery: { mode: "queued" },
  messages: {
    success: () => suporteMessages.success,
    error: () => suporteMessages.error,
  },
});
