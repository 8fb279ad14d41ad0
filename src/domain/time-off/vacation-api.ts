import { z } from "zod";
import { parseMailbox } from "../auth/mailbox";
import { isIsoDate, todayInSaoPaulo } from "../dates";
import { admissionDateError, admissionMessages } from "./admission-csv";
import type { PeriodBalance, VacationBalance } from "./balance";

/*
 * Vacation balances and what RH records for them (docs/decisions/060): the HTTP contract shared by
 * the server's routes and the web. A person reads their own balance; RH (isHrDesk) records admission
 * dates and unjustified absences and reads everyone's.
 */

export const vacationMessages = {
  noAdmission: "Sem data de admissão",
  noAdmissionHint:
    "O RH ainda não registrou sua data de admissão: o saldo aparece quando ela for registrada.",
  absenceDateInvalid: "Informe a data da falta",
  absenceRecorded: "Falta registrada",
  absenceRemoved: "Falta removida",
  absenceRepeated: "Essa falta já está registrada.",
  noteTooLong: "A observação pode ter no máximo 500 caracteres",
} as const;

const emailField = z
  .string({ error: admissionMessages.emailInvalid })
  .trim()
  .max(320, admissionMessages.emailInvalid)
  .refine((text) => parseMailbox(text) !== null, admissionMessages.emailInvalid)
  .transform((text) => parseMailbox(text)!);

/** The web's date picker sends aaaa-mm-dd; the range is judged against São Paulo's today. */
const admissionDate = z
  .string({ error: admissionMessages.dateInvalid })
  .trim()
  .refine(isIsoDate, { error: admissionMessages.dateInvalid, abort: true })
  .superRefine((date, ctx) => {
    const error = admissionDateError(date, todayInSaoPaulo());
    if (error) ctx.addIssue({ code: "custom", message: error });
  });

/** 'Data de admissão' of one person: a date sets it, null clears it. */
export const AdmissionInputSchema = z.object({
  email: emailField,
  dataAdmissao: admissionDate.nullable(),
});
export type AdmissionInput = z.infer<typeof AdmissionInputSchema>;
/** The form's values: '' is no date (the form sends null for it). */
export const AdmissionFormSchema = z.object({ dataAdmissao: admissionDate });
export type AdmissionFormValues = z.input<typeof AdmissionFormSchema>;

export const AdmissionImportResultSchema = z.object({ importadas: z.number().int(), mensagem: z.string() });
export type AdmissionImportResult = z.infer<typeof AdmissionImportResultSchema>;

/** 'Registrar falta': an unjustified absence of one person on one day (art. 130). */
export const UnjustifiedAbsenceInputSchema = z.object({
  email: emailField,
  data: z
    .string({ error: vacationMessages.absenceDateInvalid })
    .trim()
    .refine(isIsoDate, vacationMessages.absenceDateInvalid),
  observacao: z
    .string()
    .trim()
    .max(500, vacationMessages.noteTooLong)
    .nullish()
    .transform((text) => text || null),
});
export type UnjustifiedAbsenceInput = z.infer<typeof UnjustifiedAbsenceInputSchema>;

export const UnjustifiedAbsenceSchema = z.object({
  id: z.string(),
  email: z.string(),
  data: z.string(),
  observacao: z.string().nullable(),
});
export type UnjustifiedAbsence = z.infer<typeof UnjustifiedAbsenceSchema>;
export const UnjustifiedAbsencesSchema = z.object({ faltas: z.array(UnjustifiedAbsenceSchema) });
export const UnjustifiedAbsenceParamsSchema = z.object({ id: z.uuid({ error: "Falta não encontrada" }) });
export const UnjustifiedAbsencesQuerySchema = z.object({ email: emailField });

export const PeriodBalanceSchema = z.object({
  numero: z.number().int(),
  inicio: z.string(),
  fim: z.string(),
  /** Last day of the concession period (art. 137). */
  limite: z.string(),
  completo: z.boolean(),
  direito: z.number().int(),
  vendidos: z.number().int(),
  tirados: z.number().int(),
  agendados: z.number().int(),
  restantes: z.number().int(),
  venceEmDias: z.number().int(),
});
export type PeriodBalanceView = z.infer<typeof PeriodBalanceSchema>;

export const VacationBalanceSchema = z.object({
  dataAdmissao: z.string().nullable(),
  periodos: z.array(PeriodBalanceSchema),
  /** Days left in the complete periods. */
  totalRestante: z.number().int(),
  proximoLimite: z.string().nullable(),
});
export type VacationBalanceView = z.infer<typeof VacationBalanceSchema>;

export const TeamMemberBalanceSchema = VacationBalanceSchema.extend({
  email: z.string(),
  /** The account's name; null for someone RH recorded who never signed in. */
  nome: z.string().nullable(),
  faltas: z.number().int(),
});
export type TeamMemberBalance = z.infer<typeof TeamMemberBalanceSchema>;

/** Two absences of the same person stored over each other before the no-overlap rule. */
export const AbsenceOverlapSchema = z.object({
  nome: z.string(),
  email: z.string(),
  primeira: z.object({ id: z.string(), primeiroDia: z.string(), ultimoDia: z.string(), status: z.string() }),
  segunda: z.object({ id: z.string(), primeiroDia: z.string(), ultimoDia: z.string(), status: z.string() }),
});
export type AbsenceOverlap = z.infer<typeof AbsenceOverlapSchema>;

/** An open 'Férias' request RH should look at twice (art. 135 notice, art. 137 deadline). */
export const VacationNoticeSchema = z.object({
  id: z.string(),
  nome: z.string(),
  primeiroDia: z.string(),
  ultimoDia: z.string(),
  avisos: z.array(z.string()),
});
export type VacationNotice = z.infer<typeof VacationNoticeSchema>;

export const TeamBalancesSchema = z.object({
  pessoas: z.array(TeamMemberBalanceSchema),
  sobreposicoes: z.array(AbsenceOverlapSchema),
  avisos: z.array(VacationNoticeSchema),
});
export type TeamBalances = z.infer<typeof TeamBalancesSchema>;

/** The domain's balance as the API writes it. */
export function balanceView(admission: string | null, balance: VacationBalance | null): VacationBalanceView {
  if (!admission || !balance) {
    return { dataAdmissao: admission, periodos: [], totalRestante: 0, proximoLimite: null };
  }
  return {
    dataAdmissao: admission,
    periodos: balance.periods.map(periodView),
    totalRestante: balance.summary.totalLeft,
    proximoLimite: balance.summary.nextDeadline,
  };
}

function periodView(row: PeriodBalance): PeriodBalanceView {
  return {
    numero: row.period.number,
    inicio: row.period.start,
    fim: row.period.end,
    limite: row.deadline,
    completo: row.complete,
    direito: row.entitlement,
    vendidos: row.sold,
    tirados: row.taken,
    agendados: row.scheduled,
    restantes: row.left,
    venceEmDias: row.expiresInDays,
  };
}

/**
 * RH's order: the people whose owed days expire soonest first (a deadline already passed before
 * any), then those with no days owed, then 'Sem data de admissão'; by name within each.
 */
export function compareTeamBalances(a: TeamMemberBalance, b: TeamMemberBalance): number {
  const rank = (x: TeamMemberBalance) => (!x.dataAdmissao ? 3 : overdue(x) ? 0 : x.proximoLimite ? 1 : 2);
  const key = (x: TeamMemberBalance) => (overdue(x) ? (oldestOverdue(x) ?? "") : (x.proximoLimite ?? ""));
  return (
    rank(a) - rank(b) ||
    key(a).localeCompare(key(b)) ||
    (a.nome ?? a.email).localeCompare(b.nome ?? b.email, "pt-BR")
  );
}

const overdue = (x: TeamMemberBalance) =>
  x.periodos.some((p) => p.completo && p.restantes > 0 && p.venceEmDias < 0);
const oldestOverdue = (x: TeamMemberBalance) =>
  x.periodos.find((p) => p.completo && p.restantes > 0 && p.venceEmDias < 0)?.limite;
