import { z } from "zod";
import { addDays, daysInPeriod, formatDateBR, isIsoDate, todayInSaoPaulo } from "../../../dates";
import { businessDaysInPeriod } from "../../../sla/business-hours";
import { isOfficeHoliday } from "../../../sla/holidays";
import { vacationPaymentDate } from "../../../time-off/vacation-rules";
import { attachmentRules } from "../../attachments";
import { choiceField, LONG_TEXT_MAX, personNameField } from "../../fields";
import { fieldMessages, SUCCESS_TITLE, sendFailed } from "../../messages";
import { optionLabel } from "../../options";
import { defineRequestKind, sessionName } from "../definition";
import { ausenciaMeta } from "./meta";
import {
  ABSENCE_FUTURE_DAYS,
  ABSENCE_MAX_DAYS,
  ABSENCE_PAST_DAYS,
  ABSENCE_TYPE_OPTIONS,
  ABSENCE_TYPE_VALUES,
  type AbsenceType,
  absenceMessages,
  MAX_SOLD_DAYS,
  MEDICAL_LEAVE,
  VACATION,
} from "./options";
import { ausenciaSample } from "./sample";
import { ABSENCE_WORKFLOW } from "./workflow";

export * from "./options";

/** The days that can be chosen, from São Paulo's today (ABSENCE_PAST_DAYS, ABSENCE_FUTURE_DAYS). */
export function absenceDateWindow(today: string): { min: string; max: string } {
  return { min: addDays(today, -ABSENCE_PAST_DAYS), max: addDays(today, ABSENCE_FUTURE_DAYS) };
}

function dayField(required: string, today: string | undefined) {
  return z
    .string({ error: required })
    .trim()
    .refine(isIsoDate, { error: required, abort: true })
    .refine((date) => {
      const { min, max } = absenceDateWindow(today ?? todayInSaoPaulo());
      return date >= min && date <= max;
    }, absenceMessages.outOfWindow);
}

/**
 * The absence form: the type, the first and the last day (both included) and
 * a note. The period is judged as a whole on the last day's field: not before
 * the first, at most ABSENCE_MAX_DAYS, and taking at least one working day.
 */
export function ausenciaInputSchema(today?: string) {
  return z
    .object({
      nome: personNameField(fieldMessages.nomeMin),
      tipo: choiceField(ABSENCE_TYPE_VALUES, absenceMessages.tipoRequired),
      primeiroDia: dayField(absenceMessages.primeiroDiaRequired, today),
      ultimoDia: dayField(absenceMessages.ultimoDiaRequired, today),
      observacao: z
        .string()
        .trim()
        .max(LONG_TEXT_MAX, fieldMessages.tooLong(LONG_TEXT_MAX))
        .nullish()
        .transform((text) => text || null),
      diasVendidos: soldDaysField,
    })
    .superRefine((period, ctx) => {
      const issue = periodError(period.primeiroDia, period.ultimoDia);
      if (issue) ctx.addIssue({ code: "custom", message: issue, path: ["ultimoDia"] });
      if (period.diasVendidos && period.tipo !== VACATION) {
        ctx.addIssue({ code: "custom", message: absenceMessages.soldOnlyVacation, path: ["diasVendidos"] });
      }
    });
}

/**
 * 'Vender 1/3 das férias' (abono pecuniário, CLT art. 143): the days sold, '' or absent for none.
 * Up to a third of a full period here; the server holds it to a third of the period's own
 * entitlement and to the deadline (docs/decisions/060).
 */
const soldDaysField = z
  .union([z.string(), z.number()], { error: absenceMessages.soldDays })
  .nullish()
  .transform((value) => (value === null || value === undefined ? "" : String(value).trim()))
  .refine((text) => text === "" || /^\d{1,2}$/.test(text), absenceMessages.soldDays)
  .transform((text) => (text === "" ? 0 : Number(text)))
  .refine((days) => days <= MAX_SOLD_DAYS, absenceMessages.soldDays);

/** What is wrong with a period of valid days, or null. */
export function periodError(first: string, last: string): string | null {
  if (last < first) return absenceMessages.ultimoAntesDoPrimeiro;
  if (daysInPeriod(first, last) > ABSENCE_MAX_DAYS) return absenceMessages.tooLong;
  if (businessDaysInPeriod(first, last) === 0) return absenceMessages.noWorkingDays;
  return null;
}

export const AusenciaInputSchema = ausenciaInputSchema();
export type AusenciaInput = z.infer<typeof AusenciaInputSchema>;
export type AusenciaFormValues = z.input<typeof AusenciaInputSchema>;

/** A medical certificate, or any document RH should see: up to three, PDF or image. */
export const AUSENCIA_ATTACHMENTS = attachmentRules({
  fileKinds: ["pdf", "jpeg", "png"],
  min: 0,
  max: 3,
  maxBytes: 10 * 1024 * 1024,
  requiredWhen: { field: "tipo", values: [MEDICAL_LEAVE] },
  messages: {
    required: absenceMessages.atestadoRequired,
    tooMany: "Envie no máximo 3 arquivos",
    tooLarge: "Tamanho máximo por arquivo é 10MB",
    type: "Formatos de arquivo aceitos: PDF, JPG ou PNG",
  },
});

/** What is kept: the form's fields and the working days, counted when it was sent. */
export type AusenciaRecord = {
  nome: string;
  tipo: AbsenceType;
  primeiroDia: string;
  ultimoDia: string;
  diasUteis: number;
  observacao: string | null;
  /** 'Férias' only: days sold (art. 143), the pay day (art. 145, counted when sent), and the first
   * day of the acquisition period it draws from (set by the server's guard; docs/decisions/060). */
  diasVendidos?: number | null;
  dataPagamento?: string | null;
  periodoAquisitivo?: string | null;
};

/** Ours: RH's automation gets the period, its working days and the documents' links. */
export function ausenciaWebhookPayload(
  record: AusenciaRecord,
  context: { createdAt: Date; attachmentLinks: readonly string[] },
) {
  return {
    nome: record.nome,
    tipo: record.tipo,
    tipoDescricao: optionLabel(ABSENCE_TYPE_OPTIONS, record.tipo),
    primeiroDia: record.primeiroDia,
    ultimoDia: record.ultimoDia,
    diasUteis: record.diasUteis,
    observacao: record.observacao ?? "",
    anexos: [...context.attachmentLinks],
    tipo_solicitacao: "Solicitação de ausência" as const,
    data_solicitacao: context.createdAt.toISOString(),
  };
}

const dias = (n: number) => (n === 1 ? "1 dia útil" : `${n} dias úteis`);

export const ausencia = defineRequestKind(ausenciaMeta, {
  schema: (today) => ausenciaInputSchema(today),
  session: {
    fields: ["nome"],
    values: (requester, sent) => ({ nome: sessionName(requester, sent.nome) }),
  },
  toRecord: (input): AusenciaRecord => ({
    nome: input.nome,
    tipo: input.tipo,
    primeiroDia: input.primeiroDia,
    ultimoDia: input.ultimoDia,
    diasUteis: businessDaysInPeriod(input.primeiroDia, input.ultimoDia),
    observacao: input.observacao,
    diasVendidos: input.tipo === VACATION && input.diasVendidos > 0 ? input.diasVendidos : null,
    dataPagamento: input.tipo === VACATION ? vacationPaymentDate(input.primeiroDia, isOfficeHoliday) : null,
  }),
  moneyFields: [],
  list: {
    fields: ["tipo", "primeiroDia", "ultimoDia", "diasUteis"],
    summary: (f) =>
      `${optionLabel(ABSENCE_TYPE_OPTIONS, String(f.tipo))}: ${formatDateBR(String(f.primeiroDia))} a ${formatDateBR(
        String(f.ultimoDia),
      )} (${dias(Number(f.diasUteis))})`,
  },
  detail: [
    { key: "nome", label: "Nome" },
    { key: "tipo", label: "Tipo de ausência", options: ABSENCE_TYPE_OPTIONS },
    { key: "primeiroDia", label: "Primeiro dia", as: "date" },
    { key: "ultimoDia", label: "Último dia", as: "date" },
    { key: "diasUteis", label: "Dias úteis" },
    { key: "diasVendidos", label: "Dias vendidos (abono)" },
    { key: "dataPagamento", label: "Data de pagamento", as: "date" },
    { key: "periodoAquisitivo", label: "Período aquisitivo (início)", as: "date" },
    { key: "observacao", label: "Observação", as: "long", empty: "Nenhuma", wide: true },
  ],
  attachments: { field: "anexo", rules: AUSENCIA_ATTACHMENTS },
  webhook: (record, context) => ausenciaWebhookPayload(record, context),
  workflow: ABSENCE_WORKFLOW,
  sample: ausenciaSample,
  delivery: { mode: "queued" },
  messages: {
    success: () => ({ title: SUCCESS_TITLE, description: absenceMessages.success }),
    // A refused absence (a CLT rule, an overlap) says why, as its field does; else the spec's words.
    error: (explanation) => ({
      title: sendFailed.title,
      description: explanation?.trim() || sendFailed.description,
    }),
  },
});
