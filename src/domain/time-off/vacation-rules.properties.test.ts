import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, daysInPeriod } from "../dates";
import { acquisitionPeriod } from "./acquisition";
import {
  checkVacation,
  isBusinessDay,
  maxSoldDays,
  startBreaksRestRule,
  type VacationSlice,
  vacationPaymentDate,
} from "./vacation-rules";

/*
 * What must hold whatever the dates, CLT art. 134, paragraph 1 and art. 145. The period is the
 * example's (admission Monday 2024-03-04, today 2025-01-02); slices start on Mondays five weeks apart,
 * so only the splitting rules can refuse them.
 */

const PERIOD = acquisitionPeriod("2024-03-04", 1);
const TODAY = "2025-01-02";
const noHoliday = () => false;
const monday = (index: number) => addDays("2025-04-07", 35 * index);
const slice = (index: number, days: number, soldDays = 0): VacationSlice => ({
  first: monday(index),
  last: addDays(monday(index), days - 1),
  soldDays,
});

function judge(entitlement: number, existing: readonly VacationSlice[], candidate: VacationSlice) {
  return checkVacation({
    period: PERIOD,
    entitlement,
    existing,
    candidate,
    today: TODAY,
    isHoliday: noHoliday,
  });
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const entitlement = fc.constantFrom(30, 24, 18, 12);

interface Plan {
  earned: number;
  sold: number;
  lengths: number[];
}

/** A legal plan: a sale up to a third, then 1 to 3 slices, one of 14+ when more than one, the others 5+. */
const legalPlan: fc.Arbitrary<Plan> = entitlement.chain((earned) =>
  fc.integer({ min: 0, max: maxSoldDays(earned) }).chain((sold) => {
    const toEnjoy = earned - sold;
    const maxSlices = toEnjoy >= 24 ? 3 : toEnjoy >= 19 ? 2 : 1;
    return fc.integer({ min: 1, max: maxSlices }).chain((count): fc.Arbitrary<Plan> => {
      if (count === 1) return fc.constant({ earned, sold, lengths: [toEnjoy] });
      const slack = toEnjoy - 14 - 5 * (count - 1);
      return fc
        .array(fc.integer({ min: 0, max: slack }), { minLength: count - 1, maxLength: count - 1 })
        .map((cuts): Plan => {
          const edges = [0, ...[...cuts].sort((a, b) => a - b), slack];
          const parts = edges.slice(1).map((edge, index) => edge - edges[index]!);
          return { earned, sold, lengths: parts.map((part, index) => (index === 0 ? 14 : 5) + part) };
        })
        .chain((plan) =>
          fc
            .shuffledSubarray(plan.lengths, { minLength: count, maxLength: count })
            .map((lengths) => ({ ...plan, lengths })),
        );
    });
  }),
);

describe("checkVacation's splitting, whatever the lengths", () => {
  it("accepts every legal plan, slice by slice, in any order", () => {
    fc.assert(
      fc.property(legalPlan, ({ earned, sold, lengths }) => {
        const existing: VacationSlice[] = [];
        lengths.forEach((days, index) => {
          const candidate = slice(index, days, index === 0 ? sold : 0);
          expect(judge(earned, existing, candidate).refusals).toEqual([]);
          existing.push(candidate);
        });
      }),
    );
  });

  it("never accepts a slice that strands days: what it accepts the rest completes, and legally", () => {
    const attempts = fc.array(fc.integer({ min: 1, max: 32 }), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(entitlement, fc.nat(12), attempts, (earned, sale, lengths) => {
        const sold = Math.min(sale, maxSoldDays(earned));
        const accepted: VacationSlice[] = [];
        lengths.forEach((days, index) => {
          const candidate = slice(index, days, accepted.length === 0 ? sold : 0);
          if (judge(earned, accepted, candidate).refusals.length === 0) accepted.push(candidate);
        });
        const toEnjoy = earned - sum(accepted.map((taken) => taken.soldDays));
        const remaining = toEnjoy - sum(accepted.map((taken) => daysInPeriod(taken.first, taken.last)));
        expect(remaining === 0 || remaining >= 5).toBe(true);
        // The days left, taken as one more slice, are accepted: nothing accepted leads to a dead end.
        if (remaining > 0) {
          const last = slice(lengths.length, remaining);
          expect(judge(earned, accepted, last).refusals).toEqual([]);
          accepted.push(last);
        }
        const plan = accepted.map((taken) => daysInPeriod(taken.first, taken.last));
        expect(sum(plan)).toBe(toEnjoy);
        expect(plan.length).toBeLessThanOrEqual(3);
        expect(plan.every((days) => days >= 5)).toBe(true);
        if (plan.length > 1) expect(plan.some((days) => days >= 14)).toBe(true);
      }),
    );
  });
});

describe("the start and payment days, whatever the calendar", () => {
  const day = fc.integer({ min: 0, max: 365 * 10 }).map((offset) => addDays("2020-01-01", offset));
  const holidays = fc.uniqueArray(fc.integer({ min: -10, max: 10 }), { maxLength: 6 });

  it("pays on the last business day at least 2 days before the start (art. 145)", () => {
    fc.assert(
      fc.property(day, holidays, (first, offsets) => {
        const set = new Set(offsets.map((offset) => addDays(first, offset)));
        const isHoliday = (iso: string) => set.has(iso);
        const paid = vacationPaymentDate(first, isHoliday);
        expect(isBusinessDay(paid, isHoliday)).toBe(true);
        expect(paid <= addDays(first, -2)).toBe(true);
        for (let later = addDays(paid, 1); later <= addDays(first, -2); later = addDays(later, 1)) {
          expect(isBusinessDay(later, isHoliday)).toBe(false);
        }
      }),
    );
  });

  it("lets a vacation start only on a business day with 2 days before any rest (art. 134 par. 3)", () => {
    fc.assert(
      fc.property(day, holidays, (first, offsets) => {
        const set = new Set(offsets.map((offset) => addDays(first, offset)));
        const isHoliday = (iso: string) => set.has(iso);
        const rest = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay() === 0 || isHoliday(iso);
        const allowed =
          isBusinessDay(first, isHoliday) && !rest(addDays(first, 1)) && !rest(addDays(first, 2));
        expect(startBreaksRestRule(first, isHoliday)).toBe(!allowed);
      }),
    );
  });
});
