import Holidays from "date-holidays";
import { describe, expect, it } from "vitest";
import { OPTIONAL_DAYS } from "@/domain/calendar/holidays";
import { nationalHolidays } from "@/domain/sla/holidays";
import { cityRegionFor, officeHolidays, publicHolidays } from "./holiday-source";

/*
 * publicHolidays is checked against date-holidays read directly, the way its README shows:
 * the place's 'public' days, election Sundays aside (told here by their English name, not by
 * the Portuguese one the source reads), plus the national floor of src/domain/sla/holidays.ts.
 */

const YEARS = [2025, 2026, 2027, 2028];
const PLACES = [
  { state: "SP", city: "São Paulo", region: "SP" },
  { state: "RJ", city: "Rio de Janeiro", region: "RJ" },
  // date-holidays knows no city of São Paulo state but the capital.
  { state: "SP", city: "Campinas", region: null },
] as const;

const weekday = (iso: string) => new Date(`${iso}T00:00:00Z`).getUTCDay();

function libraryPublicDates(state: string, region: string | null, year: number): string[] {
  const holidays = region ? new Holidays("BR", state, region) : new Holidays("BR", state);
  return holidays
    .getHolidays(year, "en")
    .filter((holiday) => holiday.type === "public")
    .filter((holiday) => !(holiday.name === "Election Day" && weekday(holiday.date.slice(0, 10)) === 0))
    .map((holiday) => holiday.date.slice(0, 10));
}

const kindOn = (holidays: { data: string; tipo: string }[], date: string) =>
  holidays.find((holiday) => holiday.data === date)?.tipo;

describe("cityRegionFor", () => {
  it("finds the configured city whatever its case and accents", () => {
    expect(cityRegionFor("SP", "São Paulo")).toBe("SP");
    expect(cityRegionFor("SP", "sao paulo")).toBe("SP");
    expect(cityRegionFor("sp", "  SÃO   PAULO ")).toBe("SP");
    expect(cityRegionFor("RJ", "Rio de Janeiro")).toBe("RJ");
    expect(cityRegionFor("MG", "belo horizonte")).toBe("BH");
  });

  it("answers null for a city date-holidays lacks, or one of another state", () => {
    expect(cityRegionFor("SP", "Cidade Inexistente")).toBeNull();
    expect(cityRegionFor("SP", "Campinas")).toBeNull();
    expect(cityRegionFor("SP", "Rio de Janeiro")).toBeNull();
  });
});

describe("publicHolidays", () => {
  for (const place of PLACES)
    it.each(YEARS)(
      `equals date-holidays' public days of ${place.city}/${place.state} plus the national floor in %i`,
      (year) => {
        const ours = publicHolidays(place, year);
        const expected = new Set([
          ...libraryPublicDates(place.state, place.region, year),
          ...nationalHolidays(year),
        ]);
        expect(ours.map((holiday) => holiday.data)).toEqual([...expected].sort());
        for (const date of nationalHolidays(year)) expect(kindOn(ours, date), date).toBe("nacional");
        expect(ours.some((holiday) => /elei/i.test(holiday.nome))).toBe(false);
      },
    );

  it.each(YEARS)("tells São Paulo's national, state and city days apart in %i", (year) => {
    const ours = publicHolidays({ state: "SP", city: "São Paulo" }, year);
    expect(kindOn(ours, `${year}-01-25`)).toBe("municipal");
    expect(kindOn(ours, `${year}-07-09`)).toBe("estadual");
    expect(kindOn(ours, `${year}-11-20`)).toBe("nacional");
    expect(kindOn(ours, `${year}-04-21`)).toBe("nacional");
    // Corpus Christi is a bank day in BR and SP, a public one by the city's law.
    const corpusChristi = OPTIONAL_DAYS.find((day) => day.key === "corpus-christi")!.dateIn(year);
    expect(ours.find((holiday) => holiday.data === corpusChristi)).toEqual({
      data: corpusChristi,
      nome: "Corpus Christi",
      tipo: "municipal",
    });
  });

  it.each(YEARS)("tells Rio de Janeiro's national, state and city days apart in %i", (year) => {
    const ours = publicHolidays({ state: "RJ", city: "Rio de Janeiro" }, year);
    expect(kindOn(ours, `${year}-01-20`)).toBe("municipal");
    expect(kindOn(ours, `${year}-04-23`)).toBe("estadual");
    const carnavalTuesday = OPTIONAL_DAYS.find((day) => day.key === "carnaval-terca")!.dateIn(year);
    expect(kindOn(ours, carnavalTuesday)).toBe("estadual");
    // date-holidays drops it in RJ (the state's own day ended in 2023); the floor puts it back.
    expect(ours.find((holiday) => holiday.data === `${year}-11-20`)).toEqual({
      data: `${year}-11-20`,
      nome: "Dia da Consciência Negra",
      tipo: "nacional",
    });
  });

  it("keeps only national and state days for a city date-holidays lacks", () => {
    const ours = publicHolidays({ state: "SP", city: "Campinas" }, 2026);
    expect(ours.filter((holiday) => holiday.tipo === "municipal")).toEqual([]);
    expect(kindOn(ours, "2026-07-09")).toBe("estadual");
    expect(kindOn(ours, "2026-01-25")).toBeUndefined();
    expect(kindOn(ours, "2026-11-20")).toBe("nacional");
  });

  it("gives pt-BR names, with the library's slips fixed", () => {
    const names = publicHolidays({ state: "SP", city: "São Paulo" }, 2026).map((holiday) => holiday.nome);
    expect(names).toContain("Corpus Christi");
    expect(names).toContain("Dia do Trabalhador");
    expect(names).toContain("Sexta-feira Santa");
    expect(names).toContain("Aniversário da Cidade");
    expect(names).not.toContain("Corpo de Deus");
  });

  it("has the national floor, and no election Sunday, in every state and city date-holidays knows", () => {
    const hd = new Holidays();
    for (const state of Object.keys(hd.getStates("BR")))
      for (const city of ["Cidade Inexistente", ...Object.values(hd.getRegions("BR", state) ?? {})]) {
        const ours = publicHolidays({ state, city }, 2026);
        for (const date of nationalHolidays(2026))
          expect(kindOn(ours, date), `${state} ${city} ${date}`).toBe("nacional");
        expect(ours.some((holiday) => weekday(holiday.data) === 0 && /elei/i.test(holiday.nome))).toBe(false);
      }
  });

  it("hands each caller its own copy of the cached list", () => {
    const first = publicHolidays({ state: "SP", city: "São Paulo" }, 2026);
    first.length = 0;
    expect(publicHolidays({ state: "SP", city: "sao paulo" }, 2026).length).toBeGreaterThan(10);
  });
});

describe("the optional days' dates", () => {
  it.each(YEARS)("agree with date-holidays' Carnaval and Corpus Christi in %i", (year) => {
    const bank = new Holidays("BR")
      .getHolidays(year, "en")
      .filter((holiday) => holiday.type === "bank")
      .map((holiday) => holiday.date.slice(0, 10));
    const ours = (key: string) => OPTIONAL_DAYS.find((day) => day.key === key)!.dateIn(year);
    expect(bank).toEqual([ours("carnaval-segunda"), ours("carnaval-terca"), ours("corpus-christi")]);
  });
});

describe("officeHolidays", () => {
  it("merges the public days, the observed optional days and the agency's days of the year", () => {
    const office = { state: "SP", city: "São Paulo" };
    const days = officeHolidays(office, 2026, {
      observed: ["carnaval-segunda", "carnaval-terca", "corpus-christi", "vespera-natal"],
      agencyDays: [
        { data: "2026-12-24", nome: "Recesso de fim de ano" },
        { data: "2026-12-25", nome: "Recesso de fim de ano" },
        { data: "2026-03-10", nome: "Aniversário da agência" },
        { data: "2027-03-10", nome: "Aniversário da agência" },
      ],
    });
    const on = (date: string) => days.find((holiday) => holiday.data === date);
    expect(on("2026-02-16")).toEqual({
      data: "2026-02-16",
      nome: "Carnaval (segunda-feira)",
      tipo: "facultativo",
    });
    expect(on("2026-06-04")?.tipo).toBe("municipal");
    expect(on("2026-12-24")).toEqual({ data: "2026-12-24", nome: "Recesso de fim de ano", tipo: "agencia" });
    expect(on("2026-12-25")).toEqual({ data: "2026-12-25", nome: "Natal", tipo: "nacional" });
    expect(on("2026-03-10")?.tipo).toBe("agencia");
    expect(days.some((holiday) => holiday.data.startsWith("2027"))).toBe(false);
    expect(days.length).toBe(publicHolidays(office, 2026).length + 4);
    expect(new Set(days.map((holiday) => holiday.data)).size).toBe(days.length);
  });
});
