import { describe, expect, it } from "vitest";
import { agencyHolidays, OPTIONAL_DAY_KEYS, OPTIONAL_DAYS, optionalHolidays } from "./holidays";

const datesOf = (year: number) => Object.fromEntries(OPTIONAL_DAYS.map((day) => [day.key, day.dateIn(year)]));

describe("the optional days an agency may observe", () => {
  it("lists every key once, with its pt-BR label, in the year's order", () => {
    expect(OPTIONAL_DAYS.map((day) => day.key)).toEqual([...OPTIONAL_DAY_KEYS]);
    expect(OPTIONAL_DAYS.map((day) => day.label)).toEqual([
      "Carnaval (segunda-feira)",
      "Carnaval (terça-feira)",
      "Quarta-feira de Cinzas",
      "Corpus Christi",
      "Véspera de Natal",
      "Véspera de Ano-Novo",
    ]);
  });

  // Easter 2025-04-20, 2026-04-05, 2027-03-28, 2028-04-16 (2028 is a leap year: Carnaval on 29 Feb).
  it.each([
    [2025, ["2025-03-03", "2025-03-04", "2025-03-05", "2025-06-19", "2025-12-24", "2025-12-31"]],
    [2026, ["2026-02-16", "2026-02-17", "2026-02-18", "2026-06-04", "2026-12-24", "2026-12-31"]],
    [2027, ["2027-02-08", "2027-02-09", "2027-02-10", "2027-05-27", "2027-12-24", "2027-12-31"]],
    [2028, ["2028-02-28", "2028-02-29", "2028-03-01", "2028-06-15", "2028-12-24", "2028-12-31"]],
  ])("dates them in %i", (year, dates) => {
    expect(Object.values(datesOf(year))).toEqual(dates);
  });

  it("falls on the weekday each name says", () => {
    const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();
    for (let year = 2019; year <= 2100; year++) {
      const dates = datesOf(year);
      expect(weekday(dates["carnaval-segunda"]!), String(year)).toBe(1);
      expect(weekday(dates["carnaval-terca"]!), String(year)).toBe(2);
      expect(weekday(dates["quarta-de-cinzas"]!), String(year)).toBe(3);
      expect(weekday(dates["corpus-christi"]!), String(year)).toBe(4);
    }
  });

  it("turns the observed ones into holidays of kind 'facultativo', skipping unknown keys", () => {
    expect(optionalHolidays(["vespera-natal", "corpus-christi", "dia-do-publicitario"], 2026)).toEqual([
      { data: "2026-06-04", nome: "Corpus Christi", tipo: "facultativo" },
      { data: "2026-12-24", nome: "Véspera de Natal", tipo: "facultativo" },
    ]);
    expect(optionalHolidays([], 2026)).toEqual([]);
  });
});

describe("the agency's own days", () => {
  it("keeps those of the year asked, as kind 'agencia'", () => {
    const days = [
      { data: "2025-12-26", nome: "Recesso" },
      { data: "2026-03-10", nome: "Aniversário da agência" },
      { data: "2027-03-10", nome: "Aniversário da agência" },
    ];
    expect(agencyHolidays(days, 2026)).toEqual([
      { data: "2026-03-10", nome: "Aniversário da agência", tipo: "agencia" },
    ]);
  });
});
