export const AGENCY_TIME_ZONE = "America/Sao_Paulo";

/** Spec §2 home: 'Bom dia' before 12h, 'Boa tarde' from 12h to 17h, 'Boa noite' from 18h. */
export function greetingForHour(hour: number): "Bom dia" | "Boa tarde" | "Boa noite" {
  if (hour < 12) return "Bom dia";
  if (hour < 18) return "Boa tarde";
  return "Boa noite";
}

/** The hour of an instant on the agency's clock (São Paulo), whatever the device's zone. */
export function hourInAgencyZone(now: Date): number {
  const hour = new Intl.DateTimeFormat("en-GB", {
    hour: "2-digit",
    hourCycle: "h23",
    timeZone: AGENCY_TIME_ZONE,
  }).format(now);
  return Number(hour);
}

function capitalize(word: string): string {
  return word.charAt(0).toLocaleUpperCase("pt-BR") + word.slice(1);
}

/**
 * 'Segunda-feira, 5 de Março de 2025': Intl writes weekday and month in lower
 * case; the spec capitalises both (and only their first letter).
 */
export function formatLongDate(date: Date, timeZone: string = AGENCY_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat("pt-BR", {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone,
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${capitalize(part("weekday"))}, ${part("day")} de ${capitalize(part("month"))} de ${part("year")}`;
}
