import { isIsoDate } from "../dates";

/*
 * 'Banco de horas' (docs/decisions/060): minutes credited by RH or a manager, debited by approved
 * 'Banco de horas' absences. Each credit must be compensated within a number of months (art. 59
 * paragraph 5 of the CLT: six months for an individual agreement); debits take the oldest credits
 * first. Pure: "today" and the months come in as arguments, so the server, the web and the tests
 * agree on every figure.
 */

/** A credit (positive minutes) or a debit (negative minutes) on a day, 'yyyy-mm-dd'. */
export type HourBankEntry = { readonly data: string; readonly minutos: number };

/** What is left of one credit, and the last day it may be compensated. */
export type CreditLot = {
  data: string;
  /** The last day (included) a debit may draw from it: `data` plus the months. */
  venceEm: string;
  minutos: number;
  restante: number;
};

export type HourBankBalance = {
  /** What may still be taken: the credits not expired, less what is owed; negative when more was taken. */
  saldoMinutos: number;
  /** Minutes taken beyond the credits available when they were taken, not yet covered by a later credit. */
  devendoMinutos: number;
  /** Minutes of credits that reached their deadline unused. */
  vencidoMinutos: number;
  /** The credits with minutes left and not expired, the soonest to expire first. */
  aVencer: CreditLot[];
};

/** `isoDate` plus `months` calendar months; a day the month lacks becomes its last day (31/08 + 6 = 28/02). */
export function addMonths(isoDate: string, months: number): string {
  if (!isIsoDate(isoDate)) throw new RangeError(`Not a date: ${isoDate}`);
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(y, 4)}-${pad(m)}-${pad(Math.min(day, lastDay))}`;
}

/** The minutes a 'Banco de horas' absence takes: its working days times the working day. */
export function absenceMinutes(workingDays: number, hoursPerDay: number): number {
  return Math.max(0, Math.round(workingDays)) * Math.round(hoursPerDay * 60);
}

/** Credits before debits on the same day; then in the order given (the order they were recorded). */
function chronological(entries: readonly HourBankEntry[]): HourBankEntry[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort(
      (a, b) =>
        a.entry.data.localeCompare(b.entry.data) ||
        Number(a.entry.minutos < 0) - Number(b.entry.minutos < 0) ||
        a.index - b.index,
    )
    .map(({ entry }) => entry);
}

/**
 * The balance on `today`. Entries are taken in date order: a credit first covers what is owed,
 * then becomes a lot; a debit on a day draws from the lots still valid that day, oldest first,
 * and what they cannot cover is owed. A lot past its deadline on `today` has expired: its minutes
 * leave the balance. A future debit (an approved absence ahead) counts already: the hours are
 * promised.
 */
export function hourBankBalance(
  entries: readonly HourBankEntry[],
  options: { today: string; months: number },
): HourBankBalance {
  const lots: CreditLot[] = [];
  let owed = 0;
  for (const entry of chronological(entries)) {
    if (entry.minutos > 0) {
      const covered = Math.min(owed, entry.minutos);
      owed -= covered;
      const venceEm = addMonths(entry.data, options.months);
      lots.push({ data: entry.data, venceEm, minutos: entry.minutos, restante: entry.minutos - covered });
      continue;
    }
    let due = -entry.minutos;
    for (const lot of lots) {
      if (due === 0) break;
      if (lot.restante === 0 || lot.venceEm < entry.data) continue;
      const taken = Math.min(lot.restante, due);
      lot.restante -= taken;
      due -= taken;
    }
    owed += due;
  }
  const open = lots.filter((lot) => lot.restante > 0);
  const expired = open.filter((lot) => lot.venceEm < options.today);
  const valid = open.filter((lot) => lot.venceEm >= options.today);
  const available = valid.reduce((sum, lot) => sum + lot.restante, 0);
  return {
    saldoMinutos: available - owed,
    devendoMinutos: owed,
    vencidoMinutos: expired.reduce((sum, lot) => sum + lot.restante, 0),
    aVencer: valid.sort((a, b) => a.venceEm.localeCompare(b.venceEm) || a.data.localeCompare(b.data)),
  };
}

/** '8h', '1h30', '45min', '-2h'; zero is '0h'. */
export function formatMinutes(minutes: number): string {
  const sign = minutes < 0 ? "-" : "";
  const total = Math.abs(Math.round(minutes));
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (hours === 0 && rest > 0) return `${sign}${rest}min`;
  return `${sign}${hours}h${rest ? String(rest).padStart(2, "0") : ""}`;
}
