import { describe, expect, it } from "vitest";
import { isIsoDate } from "../../dates";
import { commemorativeDates, easterSunday, nthWeekday } from "./commemorative-dates";

function dateOf(year: number, month: number, name: string): string | undefined {
  return commemorativeDates(year, month).find((entry) => entry.name === name)?.date;
}

describe("easterSunday (anonymous Gregorian algorithm)", () => {
  it.each([
    [2019, "2019-04-21"],
    [2024, "2024-03-31"],
    [2025, "2025-04-20"],
    [2026, "2026-04-05"],
    [2027, "2027-03-28"],
    [2038, "2038-04-25"],
  ])("%i → %s", (year, easter) => {
    expect(easterSunday(year)).toBe(easter);
  });
});

describe("movable dates", () => {
  it("Easter and the dates that follow it", () => {
    expect(dateOf(2025, 4, "Páscoa")).toBe("2025-04-20");
    expect(dateOf(2026, 4, "Páscoa")).toBe("2026-04-05");
    expect(dateOf(2027, 3, "Páscoa")).toBe("2027-03-28");
    expect(dateOf(2026, 2, "Carnaval")).toBe("2026-02-17");
    expect(dateOf(2027, 2, "Carnaval")).toBe("2027-02-09");
    expect(dateOf(2026, 2, "Quarta-feira de Cinzas")).toBe("2026-02-18");
    expect(dateOf(2026, 4, "Sexta-feira Santa")).toBe("2026-04-03");
    expect(dateOf(2026, 6, "Corpus Christi")).toBe("2026-06-04");
    expect(dateOf(2027, 5, "Corpus Christi")).toBe("2027-05-27");
  });

  it("Carnaval falls on a Tuesday, even in March", () => {
    expect(dateOf(2025, 3, "Carnaval")).toBe("2025-03-04");
    for (let year = 2024; year <= 2035; year++) {
      const carnaval = [2, 3].map((month) => dateOf(year, month, "Carnaval")).find(Boolean);
      expect(new Date(`${carnaval}T00:00:00Z`).getUTCDay(), String(year)).toBe(2);
    }
  });

  it("Mother's and Father's Day are the 2nd Sunday of May and August", () => {
    expect(dateOf(2026, 5, "Dia das Mães")).toBe("2026-05-10");
    expect(dateOf(2026, 8, "Dia dos Pais")).toBe("2026-08-09");
    expect(dateOf(2025, 5, "Dia das Mães")).toBe("2025-05-11");
    expect(nthWeekday(2026, 8, 0, 2)).toBe("2026-08-09");
  });

  it("Black Friday follows November's 4th Thursday; Cyber Monday may fall in December", () => {
    expect(dateOf(2026, 11, "Black Friday")).toBe("2026-11-27");
    expect(dateOf(2025, 11, "Black Friday")).toBe("2025-11-28");
    expect(dateOf(2026, 11, "Cyber Monday")).toBe("2026-11-30");
    expect(dateOf(2025, 11, "Cyber Monday")).toBeUndefined();
    expect(dateOf(2025, 12, "Cyber Monday")).toBe("2025-12-01");
  });
});

describe("commemorativeDates", () => {
  it("gives every month at least one date, in date order and inside the month", () => {
    for (let year = 2025; year <= 2030; year++) {
      for (let month = 1; month <= 12; month++) {
        const dates = commemorativeDates(year, month);
        const prefix = `${year}-${String(month).padStart(2, "0")}-`;
        expect(dates.length, prefix).toBeGreaterThan(0);
        expect(dates.map((entry) => entry.date)).toEqual(dates.map((entry) => entry.date).sort());
        for (const entry of dates) {
          expect(isIsoDate(entry.date)).toBe(true);
          expect(entry.date.startsWith(prefix)).toBe(true);
        }
      }
    }
  });

  it("holds the fixed dates agencies plan around", () => {
    expect(dateOf(2026, 1, "Confraternização Universal")).toBe("2026-01-01");
    expect(dateOf(2026, 3, "Dia do Consumidor")).toBe("2026-03-15");
    expect(dateOf(2026, 6, "Dia dos Namorados")).toBe("2026-06-12");
    expect(dateOf(2026, 9, "Dia do Cliente")).toBe("2026-09-15");
    expect(dateOf(2026, 10, "Dia das Crianças")).toBe("2026-10-12");
    expect(dateOf(2026, 10, "Nossa Senhora Aparecida")).toBe("2026-10-12");
    expect(dateOf(2026, 11, "Dia da Consciência Negra")).toBe("2026-11-20");
    expect(dateOf(2026, 12, "Natal")).toBe("2026-12-25");
  });

  it("tells fixed from movable dates", () => {
    const november = commemorativeDates(2026, 11);
    expect(november.find((entry) => entry.name === "Finados")?.kind).toBe("fixa");
    expect(november.find((entry) => entry.name === "Black Friday")?.kind).toBe("movel");
  });
});
