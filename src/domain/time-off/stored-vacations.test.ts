import { describe, expect, it } from "vitest";
import { timeOffMessages } from "./messages";
import { judgeVacation, personBalance, type StoredVacation, vacationRecords } from "./stored-vacations";

/*
 * From the stored 'Férias' requests to the balance and the CLT's judgement (docs/decisions/060).
 * One person admitted on Monday 2023-03-06: period 1 runs to 2024-03-05 (to be enjoyed by
 * 2025-03-05), period 2 to 2025-03-05 (by 2026-03-05). Today is Saturday 2025-02-01.
 */

const ADMISSION = "2023-03-06";
const TODAY = "2025-02-01";
const PERIOD_1 = "2023-03-06";
const PERIOD_2 = "2024-03-06";
const noHoliday = () => false;

let ids = 0;
const stored = (
  first: string,
  last: string,
  status: string,
  extra: { soldDays?: number; periodStart?: string | null } = {},
): StoredVacation => ({
  id: `r${++ids}`,
  first,
  last,
  status,
  soldDays: extra.soldDays ?? 0,
  periodStart: extra.periodStart === undefined ? PERIOD_1 : extra.periodStart,
});

const balanceOf = (vacations: StoredVacation[], unjustified: string[] = []) =>
  personBalance({ admission: ADMISSION, today: TODAY, unjustified, vacations });

describe("personBalance from stored requests", () => {
  it("counts approved and pending requests, and frees the days of refused and cancelled ones", () => {
    const balance = balanceOf([
      stored("2024-06-03", "2024-06-16", "aprovado"),
      stored("2025-02-10", "2025-02-14", "pendente"),
      stored("2025-02-17", "2025-02-21", "em_analise"),
      stored("2024-09-02", "2024-09-11", "recusado"),
      stored("2024-10-07", "2024-10-16", "cancelada"),
    ]);
    expect(balance.periods[0]).toMatchObject({
      period: { number: 1, start: PERIOD_1, end: "2024-03-05", concessionEnd: "2025-03-05" },
      complete: true,
      entitlement: 30,
      sold: 0,
      taken: 14,
      scheduled: 10,
      left: 6,
      deadline: "2025-03-05",
    });
    expect(balance.periods[1]).toMatchObject({ complete: false, taken: 0, scheduled: 0, left: 30 });
    // Period 2 is not owed before 2025-03-06: only period 1's days are in the total.
    expect(balance.summary).toEqual({ totalLeft: 6, nextDeadline: "2025-03-05" });
  });

  it("takes the sold days off the period, and a used-up period has no deadline to show", () => {
    const balance = balanceOf([stored("2024-06-03", "2024-06-22", "aprovado", { soldDays: 10 })]);
    expect(balance.periods[0]).toMatchObject({ sold: 10, taken: 20, scheduled: 0, left: 0 });
    expect(balance.summary).toEqual({ totalLeft: 0, nextDeadline: null });
  });

  it("lowers the entitlement by the unjustified absences inside each period (art. 130)", () => {
    const inPeriod1 = Array.from({ length: 6 }, (_, i) => `2023-05-${String(10 + i).padStart(2, "0")}`);
    const balance = balanceOf([], [...inPeriod1, "2024-04-01"]);
    expect(balance.periods.map((p) => p.entitlement)).toEqual([24, 30]);
    expect(balance.summary.totalLeft).toBe(24);
  });
});

describe("vacationRecords: the period each stored request draws from", () => {
  it("keeps the stored period, or finds one when the admission date changed since", () => {
    const records = vacationRecords(ADMISSION, [
      stored("2025-04-07", "2025-04-26", "aprovado", { periodStart: PERIOD_2 }),
      // Stored against an admission date RH corrected later: the latest period complete before it.
      stored("2025-05-05", "2025-05-14", "pendente", { periodStart: "2022-01-10" }),
      stored("2024-06-03", "2024-06-12", "aprovado", { periodStart: null }),
      // Nothing complete before it: the period it falls in.
      stored("2023-08-01", "2023-08-10", "pendente", { periodStart: null }),
      // Before the admission: no period at all.
      stored("2023-01-02", "2023-01-11", "aprovado", { periodStart: null }),
    ]);
    expect(records.map((r) => [r.first, r.periodNumber, r.status])).toEqual([
      ["2025-04-07", 2, "aprovado"],
      ["2025-05-05", 2, "pendente"],
      ["2024-06-03", 1, "aprovado"],
      ["2023-08-01", 1, "pendente"],
    ]);
  });

  it("reads every open state but 'aprovado' as pending, and leaves refused and cancelled out", () => {
    const records = vacationRecords(ADMISSION, [
      stored("2024-06-03", "2024-06-07", "em_analise"),
      stored("2024-07-01", "2024-07-05", "recusado"),
      stored("2024-08-05", "2024-08-09", "cancelada"),
      stored("2024-09-02", "2024-09-06", "aprovado", { soldDays: 3 }),
    ]);
    expect(records).toEqual([
      { first: "2024-06-03", last: "2024-06-07", soldDays: 0, status: "pendente", periodNumber: 1 },
      { first: "2024-09-02", last: "2024-09-06", soldDays: 3, status: "aprovado", periodNumber: 1 },
    ]);
  });
});

describe("judgeVacation: the period drawn and the rules against the stored requests", () => {
  // Monday 10 March 2025, 20 days: paid on Friday 7 March (2 days before is a Saturday).
  const candidate = { first: "2025-03-10", last: "2025-03-29", soldDays: 0 };
  const judge = (vacations: StoredVacation[], extra: { soldDays?: number; admission?: string } = {}) =>
    judgeVacation({
      admission: extra.admission ?? ADMISSION,
      today: TODAY,
      unjustified: [],
      vacations,
      candidate: { ...candidate, soldDays: extra.soldDays ?? 0 },
      isHoliday: noHoliday,
    });

  it("draws from the oldest complete period with days left, even past its deadline", () => {
    const { check, periodStart } = judge([]);
    expect(periodStart).toBe(PERIOD_1);
    expect(check.refusals).toEqual([]);
    expect(check.paymentDate).toBe("2025-03-07");
    expect(check.days).toBe(20);
    expect(check.notices.map((n) => n.message)).toEqual([timeOffMessages.afterConcession]);
  });

  it("draws from the next period once the stored requests used the first up, sold days included", () => {
    const usedUp = [stored("2024-06-03", "2024-06-22", "aprovado", { soldDays: 10 })];
    expect(judge(usedUp).periodStart).toBe(PERIOD_2);
    expect(judge(usedUp).check.refusals).toEqual([]);
    // Pending days hold the period as approved ones do.
    expect(judge([stored("2024-06-03", "2024-07-02", "pendente")]).periodStart).toBe(PERIOD_2);
    // A refused or cancelled request frees its days: period 1 is drawn again.
    const freed = [
      stored("2024-06-03", "2024-07-02", "recusado"),
      stored("2024-08-05", "2024-09-03", "cancelada"),
    ];
    expect(judge(freed).periodStart).toBe(PERIOD_1);
  });

  it("counts a stored abono: a second one in the same period is refused", () => {
    const sold = [stored("2024-06-03", "2024-06-12", "aprovado", { soldDays: 10 })];
    const { check, periodStart } = judge(sold, { soldDays: 1 });
    expect(periodStart).toBe(PERIOD_1);
    expect(check.refusals.map((r) => r.code)).toContain("tooMuchSold");
    expect(check.refusals.find((r) => r.code === "tooMuchSold")?.message).toBe(
      "É possível vender no máximo 10 dias (1/3 das férias) por período.",
    );
  });

  it("says from which day the vacation may start before the first period is complete", () => {
    const running = judge([], { admission: "2024-10-07" });
    expect(running.periodStart).toBe("2024-10-07");
    expect(running.check.refusals.map((r) => r.message)).toEqual([
      "As férias deste período só podem começar a partir de 07/10/2025.",
    ]);
    const beforeAdmission = judge([], { admission: "2025-06-02" });
    expect(beforeAdmission.periodStart).toBeNull();
    expect(beforeAdmission.check.refusals.map((r) => r.message)).toEqual([
      "As férias deste período só podem começar a partir de 02/06/2026.",
    ]);
    expect(beforeAdmission.check.paymentDate).toBe("2025-03-07");
  });
});
