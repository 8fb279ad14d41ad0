import { describe, expect, it } from "vitest";
import { acquisitionPeriods } from "./acquisition";
import { periodFor, type VacationRecord, vacationBalance } from "./balance";
import { checkVacation } from "./vacation-rules";

/*
 * One person admitted on Monday 2023-03-06. Period 1 runs to 2024-03-05 and must be enjoyed by
 * 2025-03-05 (art. 137); period 2 runs to 2025-03-05, with 10 unjustified absences (24 days,
 * art. 130); period 3 starts on 2025-03-06.
 */

const ADMISSION = "2023-03-06";
const absences = (period: { number: number }) => (period.number === 2 ? 10 : 0);

const vacation = (
  periodNumber: number,
  first: string,
  last: string,
  status: VacationRecord["status"] = "aprovado",
  soldDays = 0,
): VacationRecord => ({ first, last, soldDays, status, periodNumber });

describe("vacationBalance, CLT arts. 130, 137 and 143", () => {
  it("shows two periods, the first expiring in 32 days, the second still being acquired", () => {
    const balance = vacationBalance({
      admission: ADMISSION,
      today: "2025-02-01",
      unjustifiedByPeriod: absences,
      vacations: [
        vacation(1, "2024-06-03", "2024-06-16"),
        // Approved and running today: 6 days taken (27 January to 1 February), 4 to come.
        vacation(1, "2025-01-27", "2025-02-05"),
        vacation(2, "2025-03-10", "2025-03-23", "pendente"),
      ],
    });
    expect(balance.periods).toEqual([
      {
        period: { number: 1, start: "2023-03-06", end: "2024-03-05", concessionEnd: "2025-03-05" },
        complete: true,
        entitlement: 30,
        sold: 0,
        taken: 20,
        scheduled: 4,
        left: 6,
        deadline: "2025-03-05",
        expiresInDays: 32,
      },
      {
        period: { number: 2, start: "2024-03-06", end: "2025-03-05", concessionEnd: "2026-03-05" },
        complete: false,
        entitlement: 24,
        sold: 0,
        taken: 0,
        scheduled: 14,
        left: 10,
        deadline: "2026-03-05",
        expiresInDays: 397,
      },
    ]);
    // Period 2's days are not owed before 2025-03-06: they stay out of the total.
    expect(balance.summary).toEqual({ totalLeft: 6, nextDeadline: "2025-03-05" });
  });

  it("drops a period used up and past its deadline, and counts sold days and pending ones", () => {
    const balance = vacationBalance({
      admission: ADMISSION,
      today: "2025-03-10",
      unjustifiedByPeriod: absences,
      vacations: [
        vacation(1, "2024-06-03", "2024-06-16"),
        vacation(1, "2025-01-27", "2025-02-11"),
        vacation(2, "2025-04-07", "2025-04-22", "pendente", 8),
      ],
    });
    expect(balance.periods.map((row) => row.period.number)).toEqual([2, 3]);
    expect(balance.periods[0]).toMatchObject({ complete: true, sold: 8, scheduled: 16, left: 0 });
    expect(balance.periods[1]).toMatchObject({ complete: false, entitlement: 30, left: 30 });
    expect(balance.summary).toEqual({ totalLeft: 0, nextDeadline: null });
  });

  it("keeps a period past its deadline while days are left: they are still owed, in double", () => {
    const balance = vacationBalance({
      admission: ADMISSION,
      today: "2025-03-10",
      unjustifiedByPeriod: absences,
      vacations: [vacation(1, "2024-06-03", "2024-06-26")],
    });
    expect(balance.periods.map((row) => row.period.number)).toEqual([1, 2, 3]);
    expect(balance.periods[0]).toMatchObject({ left: 6, expiresInDays: -5 });
    expect(balance.summary).toEqual({ totalLeft: 30, nextDeadline: "2026-03-05" });
  });

  it("does not count a pending request's past days as taken", () => {
    const balance = vacationBalance({
      admission: ADMISSION,
      today: "2025-02-01",
      unjustifiedByPeriod: absences,
      vacations: [vacation(1, "2025-01-20", "2025-02-02", "pendente")],
    });
    expect(balance.periods[0]).toMatchObject({ taken: 0, scheduled: 14, left: 16 });
  });
});

describe("periodFor: the oldest complete period with days left", () => {
  const periods = acquisitionPeriods(ADMISSION, "2025-06-01");
  const thirty = new Map(periods.map((period) => [period.number, 30]));
  /** The period chosen for a vacation from `first`, given the days used by period number. */
  const numberOf = (used: Record<number, number>, first: string) => {
    const usedMap = new Map(Object.entries(used).map(([number, days]) => [Number(number), days]));
    return periodFor(periods, thirty, usedMap, first)?.number ?? null;
  };

  it("takes the oldest period with days, even one past its deadline", () => {
    expect(numberOf({ 1: 24 }, "2025-04-07")).toBe(1);
    expect(numberOf({ 1: 30, 2: 10 }, "2025-04-07")).toBe(2);
    expect(numberOf({ 1: 30, 2: 30 }, "2026-06-01")).toBe(3);
  });

  it("takes only periods complete before the first day", () => {
    // Period 2 ends on 2025-03-05: from that day on, the 1 day left in period 1 is drawn first.
    expect(numberOf({ 1: 29 }, "2025-03-05")).toBe(1);
    expect(numberOf({ 1: 30 }, "2025-03-06")).toBe(2);
  });

  it("falls back on the period running on the first day, or on nothing beyond the list", () => {
    expect(numberOf({ 1: 30, 2: 30 }, "2025-04-07")).toBe(3);
    expect(numberOf({ 1: 30 }, "2024-05-06")).toBe(2);
    expect(numberOf({}, "2024-03-05")).toBe(1);
    expect(numberOf({ 1: 30, 2: 30, 3: 30 }, "2027-01-04")).toBe(null);
  });

  it("feeds checkVacation, which says from when the running period's vacation may start", () => {
    const balance = vacationBalance({
      admission: ADMISSION,
      today: "2024-05-01",
      unjustifiedByPeriod: absences,
      vacations: [vacation(1, "2024-06-03", "2024-07-02")],
    });
    const entitlements = new Map(balance.periods.map((row) => [row.period.number, row.entitlement]));
    const used = new Map(balance.periods.map((row) => [row.period.number, row.entitlement - row.left]));
    const all = balance.periods.map((row) => row.period);
    const period = periodFor(all, entitlements, used, "2024-08-05");
    expect(period?.number).toBe(2);
    const answer = checkVacation({
      period: period!,
      entitlement: entitlements.get(2)!,
      existing: [],
      candidate: { first: "2024-08-05", last: "2024-08-18", soldDays: 0 },
      today: "2024-05-01",
      isHoliday: () => false,
    });
    expect(answer.refusals.map((refusal) => refusal.message)).toEqual([
      "As férias deste período só podem começar a partir de 06/03/2025.",
    ]);
  });
});
