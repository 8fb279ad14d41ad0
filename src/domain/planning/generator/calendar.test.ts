import { describe, expect, it } from "vitest";
import { addDays, dayMonth, daysInMonth, weekContaining, weeksOfMonth } from "./calendar";

const KNOWN_WEEK_COUNTS: Record<number, number[]> = {
  2026: [5, 4, 5, 5, 6, 5, 5, 6, 5, 5, 5, 5],
  2027: [6, 5, 5, 5, 6, 5, 5, 5, 5, 6, 5, 5],
};

const utcDay = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

describe("weeksOfMonth (Sunday to Saturday, clipped to the month)", () => {
  it("matches a printed calendar for 2026 and 2027", () => {
    for (const [year, counts] of Object.entries(KNOWN_WEEK_COUNTS)) {
      counts.forEach((count, index) => {
        expect(weeksOfMonth(Number(year), index + 1), `${year}-${index + 1}`).toHaveLength(count);
      });
    }
  });

  it("February 2026 starts on a Sunday and has exactly 4 full weeks", () => {
    expect(weeksOfMonth(2026, 2)).toEqual([
      { index: 1, inicio: "2026-02-01", fim: "2026-02-07" },
      { index: 2, inicio: "2026-02-08", fim: "2026-02-14" },
      { index: 3, inicio: "2026-02-15", fim: "2026-02-21" },
      { index: 4, inicio: "2026-02-22", fim: "2026-02-28" },
    ]);
  });

  it("August 2026 starts on a Saturday: a one-day first week and 6 weeks in all", () => {
    const weeks = weeksOfMonth(2026, 8);
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual({ index: 1, inicio: "2026-08-01", fim: "2026-08-01" });
    expect(weeks[1]).toEqual({ index: 2, inicio: "2026-08-02", fim: "2026-08-08" });
    expect(weeks[5]).toEqual({ index: 6, inicio: "2026-08-30", fim: "2026-08-31" });
  });

  it("covers every day of every month once, with weeks starting on Sunday and ending on Saturday", () => {
    for (let year = 2024; year <= 2030; year++) {
      for (let month = 1; month <= 12; month++) {
        const weeks = weeksOfMonth(year, month);
        const label = `${year}-${month}`;
        expect(weeks.length, label).toBeGreaterThanOrEqual(4);
        expect(weeks.length, label).toBeLessThanOrEqual(6);
        expect(weeks[0]?.inicio.endsWith("-01"), label).toBe(true);
        expect(Number(weeks.at(-1)?.fim.slice(8)), label).toBe(daysInMonth(year, month));
        weeks.forEach((week, index) => {
          expect(week.index).toBe(index + 1);
          if (index > 0) {
            expect(utcDay(week.inicio), label).toBe(0);
            expect(week.inicio).toBe(addDays(weeks[index - 1]?.fim ?? "", 1));
          }
          if (index < weeks.length - 1) expect(utcDay(week.fim), label).toBe(6);
          expect(week.fim >= week.inicio).toBe(true);
        });
      }
    }
  });

  it("handles leap years", () => {
    expect(weeksOfMonth(2028, 2).at(-1)?.fim).toBe("2028-02-29");
    expect(weeksOfMonth(2100, 2).at(-1)?.fim).toBe("2100-02-28");
  });

  it("refuses a month or year that is not one", () => {
    expect(() => weeksOfMonth(2026, 0)).toThrow(RangeError);
    expect(() => weeksOfMonth(2026, 13)).toThrow(RangeError);
    expect(() => weeksOfMonth(Number.NaN, 1)).toThrow(RangeError);
  });
});

describe("calendar helpers", () => {
  it("adds days across month and year ends", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("labels a day as dd/MM and finds its week", () => {
    expect(dayMonth("2026-11-07")).toBe("07/11");
    const weeks = weeksOfMonth(2026, 11);
    expect(weekContaining(weeks, "2026-11-15")?.index).toBe(3);
    expect(weekContaining(weeks, "2026-12-01")).toBeUndefined();
  });
});
