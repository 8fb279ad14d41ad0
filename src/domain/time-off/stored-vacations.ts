import { addDays, daysInPeriod } from "../dates";
import {
  type AcquisitionPeriod,
  acquisitionPeriod,
  acquisitionPeriods,
  entitlementDays,
} from "./acquisition";
import { periodFor, type VacationBalance, type VacationRecord, vacationBalance } from "./balance";
import { timeOffMessages } from "./messages";
import { checkVacation, type VacationCheck, type VacationSlice, vacationPaymentDate } from "./vacation-rules";

/*
 * From what is stored to what the CLT's rules read (docs/decisions/060): a person's 'Férias'
 * requests as kept in `requests` (the acquisition period each draws from is kept by the day that
 * period starts, 'periodoAquisitivo'), the unjustified absences RH recorded, and the admission date.
 * The server reads the rows; everything here is pure, so the balance a person sees and the one RH
 * sees are the same computation.
 */

/**
 * A 'Férias' request as stored: pending, under review or approved. The server's query leaves refused
 * and cancelled ones out; vacationRecords drops them too, so a caller that passes them frees their
 * days all the same.
 */
export interface StoredVacation {
  readonly id: string;
  readonly first: string;
  readonly last: string;
  readonly soldDays: number;
  /** The request's status: 'aprovado' counts as approved, every other open state as pending. */
  readonly status: string;
  /** The first day of the acquisition period it was drawn from, or null (no admission date then). */
  readonly periodStart: string | null;
}

/** Number of the unjustified absences (yyyy-mm-dd days) inside each period (art. 130). */
export function unjustifiedCounter(days: readonly string[]) {
  return (period: AcquisitionPeriod) => days.filter((day) => period.start <= day && day <= period.end).length;
}

/**
 * The period a stored request draws from: the one starting on its stored day; when the admission
 * date changed since (the stored day starts no period now), the latest period complete before the
 * request's first day, else the one it falls in.
 */
function periodNumberOf(periods: readonly AcquisitionPeriod[], stored: StoredVacation): number | null {
  const kept = periods.find((period) => period.start === stored.periodStart);
  if (kept) return kept.number;
  const complete = periods.filter((period) => period.end < stored.first).at(-1);
  if (complete) return complete.number;
  return periods.find((period) => period.start <= stored.first && stored.first <= period.end)?.number ?? null;
}

/** The absence's closed states that free the request's days (ABSENCE_WORKFLOW's, 'aprovado' aside). */
const FREED_STATUSES: ReadonlySet<string> = new Set(["recusado", "cancelada"]);

/**
 * The stored requests as the balance counts them; a request before the admission, and a refused or
 * cancelled one, are left out.
 */
export function vacationRecords(admission: string, stored: readonly StoredVacation[]): VacationRecord[] {
  const until = [admission, ...stored.map((one) => one.last)].sort().at(-1)!;
  const periods = acquisitionPeriods(admission, until);
  return stored.flatMap((one) => {
    if (FREED_STATUSES.has(one.status)) return [];
    const periodNumber = periodNumberOf(periods, one);
    if (periodNumber === null) return [];
    const status = one.status === "aprovado" ? ("aprovado" as const) : ("pendente" as const);
    return [{ first: one.first, last: one.last, soldDays: one.soldDays, status, periodNumber }];
  });
}

export interface PersonRecords {
  readonly admission: string;
  readonly today: string;
  /** RH's unjustified absences of the person, yyyy-mm-dd. */
  readonly unjustified: readonly string[];
  readonly vacations: readonly StoredVacation[];
}

/** A person's balance, period by period (balance.ts), from their stored records. */
export function personBalance(records: PersonRecords): VacationBalance {
  return vacationBalance({
    admission: records.admission,
    today: records.today,
    unjustifiedByPeriod: unjustifiedCounter(records.unjustified),
    vacations: vacationRecords(records.admission, records.vacations),
  });
}

export interface VacationJudgement {
  readonly check: VacationCheck;
  /** The first day of the acquisition period the request draws from, kept on it; null when none. */
  readonly periodStart: string | null;
}

/**
 * A new or edited 'Férias' request judged by the CLT's rules against the person's other requests
 * (`others` never holds the request being edited): the period it draws from (periodFor, oldest
 * complete period with days left), then checkVacation over that period's other requests.
 */
export function judgeVacation(
  records: PersonRecords & {
    readonly candidate: VacationSlice;
    readonly isHoliday: (isoDate: string) => boolean;
    readonly abonoAskedOn?: string;
  },
): VacationJudgement {
  const { admission, candidate, isHoliday } = records;
  const periods = acquisitionPeriods(admission, candidate.first);
  const unjustified = unjustifiedCounter(records.unjustified);
  const entitlements = new Map(
    periods.map((period) => [period.number, entitlementDays(unjustified(period))]),
  );
  const others = vacationRecords(admission, records.vacations);
  const used = new Map<number, number>();
  for (const one of others) {
    const days = daysInPeriod(one.first, one.last) + one.soldDays;
    used.set(one.periodNumber, (used.get(one.periodNumber) ?? 0) + days);
  }
  const period = periodFor(periods, entitlements, used, candidate.first);
  if (!period) {
    // Before the admission: the first period's right starts the day after it is complete.
    const firstAllowed = addDays(acquisitionPeriod(admission, 1).end, 1);
    const notYet = { code: "notYetAcquired" as const, message: timeOffMessages.notYetAcquired(firstAllowed) };
    return {
      periodStart: null,
      check: {
        refusals: [notYet],
        notices: [],
        paymentDate: vacationPaymentDate(candidate.first, isHoliday),
        days: daysInPeriod(candidate.first, candidate.last),
      },
    };
  }
  const check = checkVacation({
    period,
    entitlement: entitlements.get(period.number) ?? 0,
    existing: others
      .filter((one) => one.periodNumber === period.number)
      .map((one) => ({ first: one.first, last: one.last, soldDays: one.soldDays })),
    candidate,
    today: records.today,
    isHoliday,
    ...(records.abonoAskedOn ? { abonoAskedOn: records.abonoAskedOn } : {}),
  });
  return { check, periodStart: period.start };
}
