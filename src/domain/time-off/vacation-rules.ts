import { addDays, daysInPeriod } from "../dates";
import { type AcquisitionPeriod, assertIsoDate, daysBetween } from "./acquisition";
import { timeOffMessages as messages, type Problem } from "./messages";

/*
 * The CLT's rules for one 'Férias' request, judged against the other vacations drawn from the same
 * acquisition period. Refusals block the request; notices let it through and tell HR.
 *
 * How sold days count (art. 143, 'abono pecuniário'): days to enjoy = entitlement − every day sold
 * in the period. The slices of art. 134, paragraph 1 are cut from the days to enjoy only: the sold
 * third is paid, not taken, so it is neither a slice nor part of one. With 30 days and 10 sold,
 * 20 are left to enjoy, taken as 20, or 14 + 6, or 15 + 5.
 *
 * Whatever a request leaves must still be takeable: after it, the days still to enjoy must fit in
 * the slices still allowed (at most 3 in all, each of at least 5 days, one of at least 14 once there
 * is more than one). Otherwise those days could only be lost or taken against the law, so the
 * request that strands them is the one refused.
 *
 * When fewer than 14 days are left to enjoy (a reduced entitlement, or 18 with 6 sold), no slice can
 * reach 14 days, so the vacation cannot be split at all (art. 134, paragraph 1 allows splitting only
 * with one slice of 14 or more) and is taken in one single slice. This needs no rule of its own: the
 * 14-day check below refuses any split in that case.
 */

/** A vacation as these rules see it: its first and last day, both included, and the days it sells. */
export interface VacationSlice {
  readonly first: string;
  readonly last: string;
  /** Days converted into cash with this request (art. 143); 0 when none. */
  readonly soldDays: number;
}

export interface VacationCheckInput {
  readonly period: AcquisitionPeriod;
  /** Days the period earns (entitlementDays). */
  readonly entitlement: number;
  /** The person's other pending or approved vacations from this period; an edited request is not among them. */
  readonly existing: readonly VacationSlice[];
  readonly candidate: VacationSlice;
  readonly today: string;
  readonly isHoliday: (isoDate: string) => boolean;
  /**
   * The day the abono was first asked, when an edited request keeps the abono it already had: the
   * law dates the request, not its later edits (art. 143, paragraph 1). Defaults to `today`.
   */
  readonly abonoAskedOn?: string;
}

export interface VacationCheck {
  readonly refusals: Problem[];
  readonly notices: Problem[];
  /** The day the vacation pay is due (art. 145). */
  readonly paymentDate: string;
  /** Calendar days of the candidate, both ends included. */
  readonly days: number;
}

/** Art. 134, paragraph 1. */
export const MAX_SLICES = 3;
export const MIN_SLICE_DAYS = 5;
export const LONG_SLICE_DAYS = 14;
/** Art. 135. */
export const NOTICE_DAYS = 30;
/** Art. 143, paragraph 1: the abono is asked up to 15 days before the acquisition period ends. */
export const ABONO_DEADLINE_DAYS = 15;
/** Art. 145. */
export const PAYMENT_DAYS_BEFORE = 2;

const SUNDAY = 0;
const SATURDAY = 6;

function weekday(isoDate: string): number {
  return new Date(`${isoDate}T00:00:00Z`).getUTCDay();
}

/** Monday to Friday and no holiday: the days the agency pays on. */
export function isBusinessDay(isoDate: string, isHoliday: (isoDate: string) => boolean): boolean {
  const day = weekday(isoDate);
  return day !== SUNDAY && day !== SATURDAY && !isHoliday(isoDate);
}

/**
 * Art. 134, paragraph 3: no start in the 2 days before a holiday or the weekly paid rest (DSR, Sunday
 * here). A start on a rest day itself is refused too: Sunday and holidays are the rest the law
 * protects, and Saturday is not a working day at the agency, so a vacation starting on it would
 * begin by eating a day off (Saturday is not the DSR, so the 2 days before it are allowed).
 */
export function startBreaksRestRule(first: string, isHoliday: (isoDate: string) => boolean): boolean {
  if (!isBusinessDay(first, isHoliday)) return true;
  return [1, 2].some((ahead) => {
    const day = addDays(first, ahead);
    return weekday(day) === SUNDAY || isHoliday(day);
  });
}

/**
 * Art. 145: the pay is due up to 2 days before the start. When that day is a weekend or a holiday,
 * the previous business day, so that the money is in the account before the vacation begins.
 */
export function vacationPaymentDate(first: string, isHoliday: (isoDate: string) => boolean): string {
  let day = addDays(first, -PAYMENT_DAYS_BEFORE);
  while (!isBusinessDay(day, isHoliday)) day = addDays(day, -1);
  return day;
}

/** Art. 143: at most a third of the entitlement may be sold, rounded down to whole days. */
export function maxSoldDays(entitlement: number): number {
  return Math.floor(entitlement / 3);
}

/** The last day the abono of `period` may be asked (art. 143, paragraph 1). */
export function abonoDeadline(period: AcquisitionPeriod): string {
  return addDays(period.end, -ABONO_DEADLINE_DAYS);
}

function assertSlice(slice: VacationSlice, what: string): void {
  assertIsoDate(slice.first, `${what}.first`);
  assertIsoDate(slice.last, `${what}.last`);
  if (slice.last < slice.first) throw new RangeError(`${what} ends before it starts`);
  if (!Number.isInteger(slice.soldDays) || slice.soldDays < 0) {
    throw new RangeError(`${what}.soldDays must be a whole number ≥ 0`);
  }
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

const problem = (code: Problem["code"], message: string): Problem => ({ code, message });

/**
 * Art. 134, paragraph 1, over the slices of the period once the candidate is in (the candidate
 * last) and the days still to enjoy after them.
 */
function splitRefusals(slices: readonly number[], remaining: number): Problem[] {
  if (slices.length > MAX_SLICES) return [problem("tooManySlices", messages.tooManySlices)];
  // Beyond the balance the split means nothing; the balance message says what is wrong.
  if (remaining < 0) return [];
  const refusals: Problem[] = [];
  const slotsLeft = MAX_SLICES - slices.length;
  const hasLong = slices.some((days) => days >= LONG_SLICE_DAYS);
  const isSplit = slices.length > 1 || remaining > 0;
  // The long slice may still come later, but only as one of the slices left, long enough.
  if (isSplit && !hasLong && !(slotsLeft > 0 && remaining >= LONG_SLICE_DAYS)) {
    refusals.push(problem("noLongSlice", messages.noLongSlice));
  }
  if (remaining > 0 && (slotsLeft === 0 || remaining < MIN_SLICE_DAYS)) {
    refusals.push(problem("leftoverUnusable", messages.leftoverUnusable));
  }
  return refusals;
}

/** Art. 143: one abono per period, at most a third, asked in time. */
function soldRefusals(input: VacationCheckInput, soldBefore: number): Problem[] {
  const { candidate, entitlement, period } = input;
  if (candidate.soldDays === 0) return [];
  const refusals: Problem[] = [];
  const max = maxSoldDays(entitlement);
  if (soldBefore > 0 || candidate.soldDays > max) {
    refusals.push(problem("tooMuchSold", messages.tooMuchSold(max)));
  }
  const deadline = abonoDeadline(period);
  if ((input.abonoAskedOn ?? input.today) > deadline) {
    refusals.push(problem("abonoLate", messages.abonoLate(deadline)));
  }
  return refusals;
}

function notices(input: VacationCheckInput): Problem[] {
  const { candidate, period, today } = input;
  const found: Problem[] = [];
  if (daysBetween(today, candidate.first) < NOTICE_DAYS) {
    found.push(problem("shortNotice", messages.shortNotice));
  }
  if (candidate.last > period.concessionEnd) {
    found.push(problem("afterConcession", messages.afterConcession));
  }
  return found;
}

function assertInput(input: VacationCheckInput): void {
  for (const [index, slice] of input.existing.entries()) assertSlice(slice, `existing[${index}]`);
  assertSlice(input.candidate, "candidate");
  assertIsoDate(input.today, "today");
  if (input.abonoAskedOn !== undefined) assertIsoDate(input.abonoAskedOn, "abonoAskedOn");
  if (!Number.isInteger(input.entitlement) || input.entitlement < 0 || input.entitlement > 30) {
    throw new RangeError(`entitlement must be a whole number from 0 to 30: ${input.entitlement}`);
  }
}

/**
 * Judges a new or edited 'Férias' request. Refusals come in a fixed order, each rule at most once;
 * an empty `refusals` means the request may be sent.
 */
export function checkVacation(input: VacationCheckInput): VacationCheck {
  assertInput(input);
  const { candidate, existing, entitlement, period, isHoliday } = input;
  const days = daysInPeriod(candidate.first, candidate.last);
  const paymentDate = vacationPaymentDate(candidate.first, isHoliday);
  if (entitlement === 0) {
    return { refusals: [problem("noEntitlement", messages.noEntitlement)], notices: [], paymentDate, days };
  }

  const existingDays = existing.map((slice) => daysInPeriod(slice.first, slice.last));
  const soldBefore = sum(existing.map((slice) => slice.soldDays));
  const leftBefore = entitlement - soldBefore - sum(existingDays);
  const remaining = leftBefore - candidate.soldDays - days;

  const refusals: Problem[] = [];
  if (days < MIN_SLICE_DAYS) refusals.push(problem("sliceTooShort", messages.sliceTooShort));
  refusals.push(...splitRefusals([...existingDays, days], remaining));
  if (startBreaksRestRule(candidate.first, isHoliday)) {
    refusals.push(problem("startBeforeRest", messages.startBeforeRest));
  }
  if (remaining < 0) refusals.push(problem("overBalance", messages.overBalance(Math.max(0, leftBefore))));
  if (candidate.first <= period.end) {
    refusals.push(problem("notYetAcquired", messages.notYetAcquired(addDays(period.end, 1))));
  }
  refusals.push(...soldRefusals(input, soldBefore));
  return { refusals: sortRefusals(refusals), notices: notices(input), paymentDate, days };
}

/** Refusals in one fixed order (the law's, roughly), so an answer reads the same every time. */
const REFUSAL_ORDER: readonly Problem["code"][] = [
  "noEntitlement",
  "tooManySlices",
  "sliceTooShort",
  "noLongSlice",
  "leftoverUnusable",
  "startBeforeRest",
  "overBalance",
  "notYetAcquired",
  "tooMuchSold",
  "abonoLate",
];

function sortRefusals(refusals: Problem[]): Problem[] {
  return refusals.sort((a, b) => REFUSAL_ORDER.indexOf(a.code) - REFUSAL_ORDER.indexOf(b.code));
}
