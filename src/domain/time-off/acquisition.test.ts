import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, daysInPeriod } from "../dates";
import { acquisitionPeriods, addYears, entitlementDays } from "./acquisition";

describe("entitlementDays, CLT art. 130", () => {
  // Each band's two edges, from the article's items I to IV, and the silence beyond 32.
  const table: { law: string; absences: number; days: number }[] = [
    { law: "art. 130, I (up to 5)", absences: 0, days: 30 },
    { law: "art. 130, I (up to 5)", absences: 5, days: 30 },
    { law: "art. 130, II (6 to 14)", absences: 6, days: 24 },
    { law: "art. 130, II (6 to 14)", absences: 14, days: 24 },
    { law: "art. 130, III (15 to 23)", absences: 15, days: 18 },
    { law: "art. 130, III (15 to 23)", absences: 23, days: 18 },
    { law: "art. 130, IV (24 to 32)", absences: 24, days: 12 },
    { law: "art. 130, IV (24 to 32)", absences: 32, days: 12 },
    { law: "art. 130 (no item beyond 32)", absences: 33, days: 0 },
    { law: "art. 130 (no item beyond 32)", absences: 200, days: 0 },
  ];

  it.each(table)("$law: $absences unjustified absences earn $days days", ({ absences, days }) => {
    expect(entitlementDays(absences)).toBe(days);
  });

  it("refuses a count that is not a whole number of absences", () => {
    for (const absences of [-1, 1.5, Number.NaN]) expect(() => entitlementDays(absences)).toThrow(RangeError);
  });

  it("never earns more for more absences", () => {
    fc.assert(
      fc.property(fc.nat(400), fc.nat(400), (a, b) => {
        const [fewer, more] = a <= b ? [a, b] : [b, a];
        expect(entitlementDays(more)).toBeLessThanOrEqual(entitlementDays(fewer));
      }),
    );
  });
});

describe("acquisitionPeriods, CLT arts. 130 and 134", () => {
  it("lists every period started on or before the day asked, the last one still running", () => {
    expect(acquisitionPeriods("2024-03-04", "2025-03-04")).toEqual([
      { number: 1, start: "2024-03-04", end: "2025-03-03", concessionEnd: "2026-03-03" },
      { number: 2, start: "2025-03-04", end: "2026-03-03", concessionEnd: "2027-03-03" },
    ]);
    expect(acquisitionPeriods("2024-03-04", "2025-03-03")).toHaveLength(1);
    expect(acquisitionPeriods("2024-03-04", "2024-03-04")).toHaveLength(1);
    expect(acquisitionPeriods("2024-03-04", "2024-03-03")).toEqual([]);
  });

  it("counts the years of an admission on 29 February to 28 February, the next period from 1 March", () => {
    // Código Civil art. 132, paragraph 3: with no 29 February, the year ends "no imediato".
    expect(acquisitionPeriods("2024-02-29", "2028-02-29")).toEqual([
      { number: 1, start: "2024-02-29", end: "2025-02-28", concessionEnd: "2026-02-28" },
      { number: 2, start: "2025-03-01", end: "2026-02-28", concessionEnd: "2027-02-28" },
      { number: 3, start: "2026-03-01", end: "2027-02-28", concessionEnd: "2028-02-28" },
      { number: 4, start: "2027-03-01", end: "2028-02-28", concessionEnd: "2029-02-28" },
      { number: 5, start: "2028-02-29", end: "2029-02-28", concessionEnd: "2030-02-28" },
    ]);
    expect(addYears("2024-02-29", 1)).toBe("2025-03-01");
    expect(addYears("2024-02-29", 4)).toBe("2028-02-29");
  });

  it("ends the concession period 12 months after the right is acquired, 29 February included", () => {
    // The right is acquired on 2023-03-01; its 12 months end on 2024-02-29, not on 2024-02-28.
    const [first] = acquisitionPeriods("2022-03-01", "2022-03-01");
    expect(first).toEqual({ number: 1, start: "2022-03-01", end: "2023-02-28", concessionEnd: "2024-02-29" });
  });

  it("throws on text that is no date", () => {
    expect(() => acquisitionPeriods("2025-02-29", "2026-01-01")).toThrow(RangeError);
    expect(() => acquisitionPeriods("2025-01-01", "01/01/2026")).toThrow(RangeError);
  });

  it("tiles the time from the admission with contiguous 12-month periods", () => {
    const day = fc.integer({ min: 0, max: 365 * 60 }).map((offset) => addDays("1990-01-01", offset));
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 365 * 12 }), (admission, span) => {
        const until = addDays(admission, span);
        const periods = acquisitionPeriods(admission, until);
        expect(periods[0]?.start).toBe(admission);
        periods.forEach((period, index) => {
          expect(period.number).toBe(index + 1);
          expect(period.start <= until).toBe(true);
          expect([365, 366]).toContain(daysInPeriod(period.start, period.end));
          expect([365, 366]).toContain(daysInPeriod(addDays(period.end, 1), period.concessionEnd));
          const next = periods[index + 1];
          if (next) {
            expect(next.start).toBe(addDays(period.end, 1));
            expect(period.concessionEnd).toBe(next.end);
          }
        });
        expect(addDays(periods.at(-1)!.end, 1) > until).toBe(true);
      }),
    );
  });
});
