import { todayInSaoPaulo } from "../dates";

/*
 * Spec §9 option lists of the plan form. The spec names the eight objectives
 * in English and gives one of the eight tones; the Portuguese wording is ours,
 * as a Brazilian agency writes it (docs/decisions/008). The label is also the
 * value sent to the generator: an automation (or a person reading the plan
 * request) understands 'Geração de leads' better than a slug.
 */
export const PLAN_OBJECTIVES = [
  "Reconhecimento de marca",
  "Geração de leads",
  "Vendas diretas",
  "Engajamento",
  "Educação do público",
  "Lançamento de produto",
  "Posicionamento de autoridade",
  "Divulgação de evento",
] as const;
export type PlanObjective = (typeof PLAN_OBJECTIVES)[number];

export const PLAN_CHANNELS = [
  "Instagram",
  "Facebook",
  "LinkedIn",
  "TikTok",
  "YouTube",
  "Blog/Site",
  "Email Marketing",
  "WhatsApp Business",
  "Twitter/X",
  "Pinterest",
] as const;
export type PlanChannel = (typeof PLAN_CHANNELS)[number];

export const CUSTOM_TONE = "Personalizado (especificar)";
export const PLAN_TONES = [
  "Profissional",
  "Descontraído",
  "Inspirador",
  "Educativo",
  "Bem-humorado",
  "Acolhedor",
  "Técnico",
  CUSTOM_TONE,
] as const;
export type PlanTone = (typeof PLAN_TONES)[number];

export const MONTH_VALUES = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"] as const;
export type MonthValue = (typeof MONTH_VALUES)[number];

export const MONTH_NAMES: Record<MonthValue, string> = {
  "01": "Janeiro",
  "02": "Fevereiro",
  "03": "Março",
  "04": "Abril",
  "05": "Maio",
  "06": "Junho",
  "07": "Julho",
  "08": "Agosto",
  "09": "Setembro",
  "10": "Outubro",
  "11": "Novembro",
  "12": "Dezembro",
};

/** Spec §2 plan list: the month abbreviation ('Nov/2026'). */
export const MONTH_ABBREVIATIONS: Record<MonthValue, string> = {
  "01": "Jan",
  "02": "Fev",
  "03": "Mar",
  "04": "Abr",
  "05": "Mai",
  "06": "Jun",
  "07": "Jul",
  "08": "Ago",
  "09": "Set",
  "10": "Out",
  "11": "Nov",
  "12": "Dez",
};

export function monthName(month: string): string {
  return MONTH_NAMES[month as MonthValue] ?? month;
}

export function monthAbbreviation(month: string): string {
  return MONTH_ABBREVIATIONS[month as MonthValue] ?? month;
}

/** Spec §9: the current year (in São Paulo) and the next two. */
export function planYears(now: Date = new Date()): string[] {
  const year = Number(todayInSaoPaulo(now).slice(0, 4));
  return [year, year + 1, year + 2].map(String);
}

/** Client market types: the spec names the field (market_type) but not its values; ours. */
export const MARKET_TYPES = ["B2B", "B2C", "B2B e B2C"] as const;
