import { z } from "zod";
import { isIsoDate } from "../dates";
import { HOLIDAY_KINDS, OPTIONAL_DAY_KEYS } from "./holidays";

/*
 * The HTTP contract of 'Feriados' (src/server/modules/holidays, docs/decisions/060): the year's
 * holidays of the configured state and city, the optional days the agency may observe, and its
 * own days.
 */

export const calendarMessages = {
  dataObrigatoria: "Informe a data",
  dataInvalida: "Data inválida",
  nomeObrigatorio: "Informe o nome do dia",
  nomeLongo: "O nome pode ter no máximo 80 caracteres",
  facultativoDesconhecido: "Dia facultativo desconhecido",
  dataRepetida: "Já existe um dia da agência nessa data",
  anoInvalido: "Ano inválido",
} as const;

/** The years an agency day may fall in, both included (the absence calendar's span). */
export const FIRST_YEAR = 2019;
export const LAST_YEAR = 2100;
export const AGENCY_DAY_NAME_MAX = 80;

export const HolidaySchema = z.object({
  /** 'yyyy-mm-dd'. */
  data: z.string(),
  nome: z.string(),
  tipo: z.enum(HOLIDAY_KINDS),
});

export const OfficeCalendarSchema = z.object({
  ano: z.number().int(),
  /** OFFICE_STATE, two letters. */
  estado: z.string(),
  /** OFFICE_CITY, as configured. */
  cidade: z.string(),
  /** False when the holiday data knows no such city: only national and state holidays then. */
  cidadeReconhecida: z.boolean(),
  /** Every day off of the year, one per date, sorted; observed optional and agency days included. */
  feriados: z.array(HolidaySchema),
  /** Every optional day with its date this year, and whether the agency observes it. */
  facultativos: z.array(
    z.object({
      chave: z.enum(OPTIONAL_DAY_KEYS),
      nome: z.string(),
      data: z.string(),
      observado: z.boolean(),
    }),
  ),
  diasDaAgencia: z.array(z.object({ id: z.string(), data: z.string(), nome: z.string() })),
});
export type OfficeCalendar = z.infer<typeof OfficeCalendarSchema>;

const inYears = (date: string) => {
  const year = Number(date.slice(0, 4));
  return year >= FIRST_YEAR && year <= LAST_YEAR;
};

export const AgencyDayInputSchema = z.object({
  data: z
    .string({ error: calendarMessages.dataObrigatoria })
    .trim()
    .min(1, { error: calendarMessages.dataObrigatoria, abort: true })
    .refine(isIsoDate, { error: calendarMessages.dataInvalida, abort: true })
    .refine(inYears, { error: calendarMessages.dataInvalida }),
  nome: z
    .string({ error: calendarMessages.nomeObrigatorio })
    .trim()
    // A one-letter name tells nobody which day it is.
    .min(2, { error: calendarMessages.nomeObrigatorio })
    .max(AGENCY_DAY_NAME_MAX, { error: calendarMessages.nomeLongo }),
});
export type AgencyDayInput = z.infer<typeof AgencyDayInputSchema>;

export const ObservedOptionalInputSchema = z.object({
  facultativos: z.array(z.enum(OPTIONAL_DAY_KEYS, { error: calendarMessages.facultativoDesconhecido })),
});
export type ObservedOptionalInput = z.infer<typeof ObservedOptionalInputSchema>;

export const CalendarQuerySchema = z.object({
  /** The year shown; São Paulo's current one when absent. */
  ano: z.coerce
    .number({ error: calendarMessages.anoInvalido })
    .int({ error: calendarMessages.anoInvalido })
    .min(FIRST_YEAR, { error: calendarMessages.anoInvalido })
    .max(LAST_YEAR, { error: calendarMessages.anoInvalido })
    .optional(),
});
export type CalendarQuery = z.infer<typeof CalendarQuerySchema>;

export const AgencyDayParamsSchema = z.object({ id: z.uuid() });
