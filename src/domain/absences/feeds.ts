import type { Holiday } from "../calendar/holidays";
import { addDays } from "../dates";
import { ABSENCE_TYPE_OPTIONS } from "../requests/kinds/ausencia/options";
import { optionLabel } from "../requests/options";
import { buildCalendar, type FeedEvent } from "./ical";

/*
 * The two feeds of 'Assinar calendário' (docs/decisions/060), as iCalendar text (ical.ts).
 * 'Quem está fora' carries what the page shows every signed-in person: a name and a period, plus
 * the office's holidays; never the type, the note or anything else of the request. The person's
 * own feed carries their absences with the type, the pending ones marked.
 */

/** The days the feeds cover: a subscriber's calendar keeps what it read before. */
export const FEED_DAYS_BEFORE = 92;
export const FEED_DAYS_AFTER = 366;

export function feedWindow(today: string): { first: string; last: string } {
  return { first: addDays(today, -FEED_DAYS_BEFORE), last: addDays(today, FEED_DAYS_AFTER) };
}

/** An approved absence as 'Quem está fora' knows it. */
export type NamedPeriod = { id: string; nome: string; primeiroDia: string; ultimoDia: string };

/** One of the person's own absences. */
export type OwnAbsence = {
  id: string;
  tipo: string;
  primeiroDia: string;
  ultimoDia: string;
  /** Approved, or still waiting for RH. */
  aprovada: boolean;
};

const holidayEvent = (holiday: Holiday): FeedEvent => ({
  uid: `feriado-${holiday.data}`,
  first: holiday.data,
  last: holiday.data,
  summary: holiday.nome,
  category: "Feriado",
});

export function whoIsAwayCalendar(input: {
  periods: readonly NamedPeriod[];
  holidays: readonly Holiday[];
  stamp: Date;
}): string {
  const events: FeedEvent[] = [
    ...input.periods.map((period) => ({
      uid: `ausencia-${period.id}`,
      first: period.primeiroDia,
      last: period.ultimoDia,
      // The name alone, as on the page (docs/decisions/040).
      summary: period.nome,
    })),
    ...input.holidays.map(holidayEvent),
  ];
  return buildCalendar({
    name: "Balcão — Quem está fora",
    description: "Ausências aprovadas e feriados do escritório",
    events,
    stamp: input.stamp,
  });
}

export const PENDING_MARK = "aguardando aprovação";

export function ownAbsencesCalendar(input: { absences: readonly OwnAbsence[]; stamp: Date }): string {
  return buildCalendar({
    name: "Balcão — Minhas ausências",
    description: "Suas ausências aprovadas e as que aguardam aprovação",
    events: input.absences.map((absence) => {
      const type = optionLabel(ABSENCE_TYPE_OPTIONS, absence.tipo);
      return {
        uid: `minha-ausencia-${absence.id}`,
        first: absence.primeiroDia,
        last: absence.ultimoDia,
        summary: absence.aprovada ? type : `${type} (${PENDING_MARK})`,
        description: absence.aprovada ? "Aprovada pelo RH" : "Aguardando aprovação do RH",
        category: type,
      };
    }),
    stamp: input.stamp,
  });
}
