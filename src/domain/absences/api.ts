import { z } from "zod";
import { HolidaySchema } from "../calendar/api";
import { KIND_NAMES, kindMeta, type RequestKindName } from "../requests/kinds/meta";
import type { RequestState } from "../requests/workflow-terms";

/*
 * 'Quem está fora' (docs/decisions/040): the month's absences every signed-in
 * person sees, by name only. The type, the note, the files and the request
 * stay with RH and the person: the answer carries nothing else.
 */

export const absenceCalendarMessages = {
  mesInvalido: "Mês inválido",
} as const;

/** The months the calendar answers for, 'yyyy-mm', both included. */
export const FIRST_MONTH = "2019-01";
export const LAST_MONTH = "2100-12";

/** A period is on the calendar while its request is in this state. */
export const SHOWN_STATE: RequestState = "aprovado";

/** The kinds whose approved requests are periods on the calendar (their meta's `calendar`). */
export const CALENDAR_KINDS: readonly RequestKindName[] = KIND_NAMES.filter(
  (kind) => kindMeta(kind).calendar,
);

/** Whether a move of `kind` from `from` to `to` changes what the calendar shows. */
export function changesCalendar(kind: RequestKindName, from: string, to: string): boolean {
  return CALENDAR_KINDS.includes(kind) && (from === SHOWN_STATE) !== (to === SHOWN_STATE);
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** 'yyyy-mm' between FIRST_MONTH and LAST_MONTH. */
export const MonthSchema = z
  .string({ error: absenceCalendarMessages.mesInvalido })
  .regex(MONTH, { error: absenceCalendarMessages.mesInvalido })
  .refine((mes) => mes >= FIRST_MONTH && mes <= LAST_MONTH, {
    error: absenceCalendarMessages.mesInvalido,
  });

export const AbsenceCalendarQuerySchema = z.object({
  /** The month shown; São Paulo's current month when absent. */
  mes: MonthSchema.optional(),
});
export type AbsenceCalendarQuery = z.infer<typeof AbsenceCalendarQuerySchema>;

export const AbsencePeriodSchema = z.object({
  nome: z.string(),
  /** The real period, 'yyyy-mm-dd', both included: not clipped to the month. */
  primeiroDia: z.string(),
  ultimoDia: z.string(),
});
export type AbsencePeriod = z.infer<typeof AbsencePeriodSchema>;

export const AbsenceCalendarSchema = z.object({
  mes: z.string(),
  /** The periods that touch the month, by first day then name. */
  ausencias: z.array(AbsencePeriodSchema),
  /** The office's days off in the month, by date: each day's cell shows its name (docs/decisions/060). */
  feriados: z.array(HolidaySchema),
});
export type AbsenceCalendar = z.infer<typeof AbsenceCalendarSchema>;
