import { daysInPeriod } from "../dates";
import {
  type AcquisitionPeriod,
  acquisitionPeriods,
  assertIsoDate,
  daysBetween,
  entitlementDays,
} from "./acquisition";

/*
 * One person's vacation balance, period by period (CLT arts. 130, 134, 137 and 143), and the choice
 * of the period a new vacation draws from.
 */

/** A 'Férias' request as the balance counts it; refused and cancelled requests are not passed in. */
export interface VacationRecord {
  readonly first: string;
  readonly last: string;
  readonly soldDays: number;
  readonly status: "pendente" | "aprovado";
  /** The acquisition period the request draws from, fixed when it was made (periodFor). */
  readonly periodNumber: number;
}

export interface BalanceInput {
  readonly admission: string;
  readonly today: string;
  /** Unjustified absences in a period (art. 130); for the running period, those so far. */
  readonly unjustifiedByPeriod: (period: AcquisitionPeriod) => number;
  readonly vacations: readonly VacationRecord[];
}

export interface PeriodBalance {
  readonly period: AcquisitionPeriod;
  /** False for the period still being acquired: its days are not owed yet (art. 130). */
  readonly complete: boolean;
  readonly entitlement: number;
  /** Days converted into cash, pending or approved (art. 143). */
  readonly sold: number;
  /** Approved days on or before today. */
  readonly taken: number;
  /** Approved days after today, plus every day of the pending requests. */
  readonly scheduled: number;
  /** entitlement − sold − taken − scheduled; below 0 only if the records contradict the rules. */
  readonly left: number;
  /** Last day of the concession period: later days are paid double (art. 137). */
  readonly deadline: string;
  /** Days from today to the deadline; negative once it has passed. */
  readonly expiresInDays: number;
}

export interface VacationBalance {
  /** Oldest first. */
  readonly periods: PeriodBalance[];
  readonly summary: {
    /** Days left in the complete periods only: the running period's days are not owed yet. */
    readonly totalLeft: number;
    /** The earliest deadline, today or later, of a complete period with days left; null when none. */
    readonly nextDeadline: string | null;
  };
}

/** Days of `record` on or before `today`, and after it. */
function splitAtToday(record: VacationRecord, today: string): { past: number; future: number } {
  const all = daysInPeriod(record.first, record.last);
  const past = record.last <= today ? all : daysInPeriod(record.first, today);
  return { past, future: all - past };
}

function periodBalance(period: AcquisitionPeriod, input: BalanceInput): PeriodBalance {
  const { today } = input;
  const entitlement = entitlementDays(input.unjustifiedByPeriod(period));
  let sold = 0;
  let taken = 0;
  let scheduled = 0;
  for (const record of input.vacations) {
    if (record.periodNumber !== period.number) continue;
    sold += record.soldDays;
    const { past, future } = splitAtToday(record, today);
    // A pending request is not taken even if its days have passed: nobody approved them yet.
    if (record.status === "aprovado") {
      taken += past;
      scheduled += future;
    } else scheduled += past + future;
  }
  return {
    period,
    complete: period.end < today,
    entitlement,
    sold,
    taken,
    scheduled,
    left: entitlement - sold - taken - scheduled,
    deadline: period.concessionEnd,
    expiresInDays: daysBetween(today, period.concessionEnd),
  };
}

/**
 * The balance of every period still relevant: those with days left (even past their deadline: the
 * days are still owed, in double), those whose concession period has not ended, and the one being
 * acquired. A period used up and past its deadline has nothing more to say and is left out.
 */
export function vacationBalance(input: BalanceInput): VacationBalance {
  assertIsoDate(input.admission, "admission");
  assertIsoDate(input.today, "today");
  const periods = acquisitionPeriods(input.admission, input.today)
    .map((period) => periodBalance(period, input))
    .filter((row) => row.left > 0 || row.deadline >= input.today);
  const owed = periods.filter((row) => row.complete && row.left > 0);
  const upcoming = owed.map((row) => row.deadline).filter((deadline) => deadline >= input.today);
  return {
    periods,
    summary: {
      totalLeft: owed.reduce((total, row) => total + row.left, 0),
      nextDeadline: upcoming.sort()[0] ?? null,
    },
  };
}

/**
 * The acquisition period a new vacation starting on `candidateFirst` draws from: the oldest period
 * complete before that day (its end earlier than `candidateFirst`) with days left, so the days
 * closest to their deadline (art. 137) are used first, even a period already past it, whose days are
 * still owed. When no complete period has days left, the period still running on `candidateFirst`
 * (checkVacation then refuses it and says from which day it may start); null when `periods` does not
 * reach that day.
 *
 * `entitlements` and `used` are keyed by period number; `used` counts sold, taken and scheduled days
 * (a PeriodBalance's entitlement − left). A period missing from `entitlements` has no days left.
 */
export function periodFor(
  periods: readonly AcquisitionPeriod[],
  entitlements: ReadonlyMap<number, number>,
  used: ReadonlyMap<number, number>,
  candidateFirst: string,
): AcquisitionPeriod | null {
  assertIsoDate(candidateFirst, "candidateFirst");
  const daysLeft = (period: AcquisitionPeriod) =>
    (entitlements.get(period.number) ?? 0) - (used.get(period.number) ?? 0);
  const oldestFirst = [...periods].sort((a, b) => a.number - b.number);
  const complete = oldestFirst.find((period) => period.end < candidateFirst && daysLeft(period) > 0);
  if (complete) return complete;
  return oldestFirst.find((period) => period.start <= candidateFirst && candidateFirst <= period.end) ?? null;
}
