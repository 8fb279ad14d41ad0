import { addDays, isIsoDate } from "../dates";

/*
 * Acquisition periods ('períodos aquisitivos') and the entitlement each one earns, CLT arts. 130,
 * 134 and 137. Dates are 'yyyy-mm-dd' strings (src/domain/dates.ts); every function is pure.
 */

/** One 12-month period of work and the 12 months in which its vacation must be granted. */
export interface AcquisitionPeriod {
  /** 1 for the period that starts on the admission day. */
  readonly number: number;
  /** First day of the period. */
  readonly start: string;
  /** Last day of the period: start + 1 year − 1 day (CLT art. 130, "após cada período de 12 meses"). */
  readonly end: string;
  /** Last day of the concession period (art. 134): the 12 months after `end`. Later days are paid double (art. 137). */
  readonly concessionEnd: string;
}

/** Throws on text that is no 'yyyy-mm-dd' date: the schemas check input before these rules run. */
export function assertIsoDate(text: string, what: string): void {
  if (!isIsoDate(text)) throw new RangeError(`${what} is not a 'yyyy-mm-dd' date: ${text}`);
}

/**
 * The same day `years` years later. A 29 February whose target year has no 29 February lands on
 * 1 March: the Código Civil (art. 132, paragraph 3) makes a period counted in years expire "no dia de
 * igual número do de início, ou no imediato, se faltar exata correspondência". So a person admitted
 * on 29 February completes each year at the end of 28 February, and the next period starts on
 * 1 March (or on 29 February in a leap year): the periods stay contiguous and none is shortened.
 */
export function addYears(isoDate: string, years: number): string {
  const year = Number(isoDate.slice(0, 4)) + years;
  const candidate = `${String(year).padStart(4, "0")}${isoDate.slice(4)}`;
  return isIsoDate(candidate) ? candidate : `${String(year).padStart(4, "0")}-03-01`;
}

/** Signed number of days from `from` to `to` (0 on the same day, negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The acquisition period number `number` (1-based) of a person admitted on `admission`. */
export function acquisitionPeriod(admission: string, number: number): AcquisitionPeriod {
  const start = addYears(admission, number - 1);
  const next = addYears(admission, number);
  return {
    number,
    start,
    end: addDays(next, -1),
    // The 12 months "subsequentes" (art. 134) start the day after `end` and end where the next
    // acquisition period ends. Adding 12 months to `end` itself would be a day short when `end`
    // is 28 February and the following year is a leap year.
    concessionEnd: addDays(addYears(admission, number + 1), -1),
  };
}

/**
 * Every acquisition period that has started on or before `until`, oldest first; the last one may
 * still be running. Empty when `until` is before the admission.
 */
export function acquisitionPeriods(admission: string, until: string): AcquisitionPeriod[] {
  assertIsoDate(admission, "admission");
  assertIsoDate(until, "until");
  // acquisitionPeriod's days, each worked out once: a period ends the day before the next one starts,
  // and its concession ends with the next period ('Férias da equipe' does this for every person).
  const periods: AcquisitionPeriod[] = [];
  let start = admission;
  let next = addYears(admission, 1);
  let end = addDays(next, -1);
  for (let number = 1; start <= until; number++) {
    const following = addYears(admission, number + 1);
    const concessionEnd = addDays(following, -1);
    periods.push({ number, start, end, concessionEnd });
    start = next;
    next = following;
    end = concessionEnd;
  }
  return periods;
}

/**
 * Calendar days of vacation a period earns, by its unjustified absences (CLT art. 130):
 * up to 5 → 30; 6 to 14 → 24; 15 to 23 → 18; 24 to 32 → 12; more than 32 → none (no item of
 * art. 130 covers more than 32 absences, so such a period earns nothing).
 */
export function entitlementDays(unjustifiedAbsences: number): number {
  if (!Number.isInteger(unjustifiedAbsences) || unjustifiedAbsences < 0) {
    throw new RangeError(`Unjustified absences must be a whole number ≥ 0: ${unjustifiedAbsences}`);
  }
  if (unjustifiedAbsences <= 5) return 30;
  if (unjustifiedAbsences <= 14) return 24;
  if (unjustifiedAbsences <= 23) return 18;
  if (unjustifiedAbsences <= 32) return 12;
  return 0;
}
