import { formatDateBR } from "../dates";

/*
 * What a person reads when a 'Férias' request breaks a CLT rule, or when HR should look twice.
 * The codes are stable English identifiers (the web and the server branch on them); the texts are
 * Portuguese and shown as they are.
 */

/** One rule a request breaks, or one thing HR should know about it. */
export interface Problem {
  readonly code: ProblemCode;
  readonly message: string;
}

/** Why a request is refused. */
export type RefusalCode =
  | "noEntitlement"
  | "tooManySlices"
  | "sliceTooShort"
  | "noLongSlice"
  | "leftoverUnusable"
  | "startBeforeRest"
  | "overBalance"
  | "notYetAcquired"
  | "tooMuchSold"
  | "abonoLate";

/** What a request may do but HR is told about. */
export type NoticeCode = "shortNotice" | "afterConcession";

export type ProblemCode = RefusalCode | NoticeCode;

/** "1 dia", "2 dias", "0 dias". */
function dayCount(days: number): string {
  return days === 1 ? "1 dia" : `${days} dias`;
}

export const timeOffMessages = {
  /** Art. 130: more than 32 unjustified absences earn no vacation. */
  noEntitlement: "Não há férias a tirar neste período (faltas injustificadas, art. 130 da CLT).",
  /** Art. 134, paragraph 1: at most three periods. */
  tooManySlices: "As férias de um período aquisitivo podem ser divididas em no máximo 3 partes.",
  /** Art. 134, paragraph 1: every period at least 5 calendar days. */
  sliceTooShort: "Cada parte das férias deve ter ao menos 5 dias corridos.",
  /** Art. 134, paragraph 1: one period of at least 14 calendar days. */
  noLongSlice: "Uma das partes das férias deve ter ao menos 14 dias corridos.",
  /** Art. 134, paragraph 1, applied to the days the request leaves behind. */
  leftoverUnusable:
    "Com estas datas, os dias que sobram do período não poderão ser tirados (cada parte precisa de ao menos 5 dias).",
  /** Art. 134, paragraph 3. */
  startBeforeRest:
    "As férias não podem começar nos 2 dias antes de um feriado ou do descanso semanal (domingo).",
  overBalance: (daysLeft: number) => `Você tem ${dayCount(daysLeft)} de férias disponíveis neste período.`,
  /** Art. 130: the right exists once the 12 months are complete. */
  notYetAcquired: (firstAllowed: string) =>
    `As férias deste período só podem começar a partir de ${formatDateBR(firstAllowed)}.`,
  /** Art. 143: a third of the entitlement, once per period. */
  tooMuchSold: (maxSold: number) =>
    `É possível vender no máximo ${maxSold} dias (1/3 das férias) por período.`,
  /** Art. 143, paragraph 1: asked up to 15 days before the acquisition period ends. */
  abonoLate: (deadline: string) => `O abono pecuniário deve ser pedido até ${formatDateBR(deadline)}.`,
  /** Art. 135: notice at least 30 days ahead; allowed here, flagged to HR. */
  shortNotice: "Aviso com menos de 30 dias",
  /** Art. 137: days granted after the concession period are paid double. */
  afterConcession: "Fora do período concessivo (pagamento em dobro, art. 137 da CLT)",
} as const;
