import type { Option } from "../../options";

/** What kind of absence it is; RH and the person see it, the calendar does not. */
export const ABSENCE_TYPE_VALUES = ["ferias", "folga", "licenca_medica", "licenca", "banco_horas"] as const;
export type AbsenceType = (typeof ABSENCE_TYPE_VALUES)[number];
export const ABSENCE_TYPE_OPTIONS = [
  { value: "ferias", label: "Férias" },
  { value: "folga", label: "Folga" },
  { value: "licenca_medica", label: "Licença médica" },
  { value: "licenca", label: "Outra licença" },
  { value: "banco_horas", label: "Banco de horas" },
] as const satisfies readonly Option<AbsenceType>[];

/** The one type that needs a document: a medical leave comes with its certificate. */
export const MEDICAL_LEAVE: AbsenceType = "licenca_medica";

/** The type the CLT's vacation rules apply to (docs/decisions/060). */
export const VACATION: AbsenceType = "ferias";
/** A third of a full period's 30 days (CLT art. 143). */
export const MAX_SOLD_DAYS = 10;

/**
 * The days an absence may take, from São Paulo's today: back 60 days (a
 * medical leave is often filed on return) and up to a year ahead (holidays are
 * planned), at most 180 calendar days at once (ours: long leaves are renewed).
 */
export const ABSENCE_PAST_DAYS = 60;
export const ABSENCE_FUTURE_DAYS = 365;
export const ABSENCE_MAX_DAYS = 180;

export const absenceMessages = {
  tipoRequired: "Por favor selecione o tipo de ausência",
  primeiroDiaRequired: "Por favor selecione o primeiro dia",
  ultimoDiaRequired: "Por favor selecione o último dia",
  outOfWindow: "Data fora do período permitido",
  ultimoAntesDoPrimeiro: "O último dia deve ser igual ou posterior ao primeiro",
  tooLong: `A ausência pode ter no máximo ${ABSENCE_MAX_DAYS} dias`,
  noWorkingDays: "O período escolhido não tem dias úteis",
  atestadoRequired: "Anexe o atestado médico",
  overlap: "Você já tem uma ausência nesse período.",
  soldDays: "Informe de 0 a 10 dias para vender (no máximo 1/3 das férias)",
  soldOnlyVacation: "Só é possível vender dias de férias",
  success: "Sua solicitação de ausência foi enviada ao RH.",
} as const;
