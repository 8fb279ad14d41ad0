import { describe, expect, it } from "vitest";
import type { Holiday } from "./holidays";
import { createOfficeCalendar, mergeHolidays } from "./office-calendar";

const h = (data: string, nome: string, tipo: Holiday["tipo"]): Holiday => ({ data, nome, tipo });

describe("mergeHolidays", () => {
  it("keeps one holiday per date, the stronger kind and its name winning, sorted", () => {
    const merged = mergeHolidays(
      [h("2026-12-24", "Véspera de Natal", "facultativo"), h("2026-06-04", "Corpus Christi", "facultativo")],
      [h("2026-06-04", "Corpus Christi", "municipal"), h("2026-01-25", "Aniversário da Cidade", "municipal")],
      [h("2026-12-24", "Recesso", "agencia"), h("2026-07-09", "Revolução Constitucionalista", "estadual")],
      [h("2026-07-09", "Dia qualquer", "agencia"), h("2026-01-01", "Ano Novo", "nacional")],
    );
    expect(merged).toEqual([
      h("2026-01-01", "Ano Novo", "nacional"),
      h("2026-01-25", "Aniversário da Cidade", "municipal"),
      h("2026-06-04", "Corpus Christi", "municipal"),
      h("2026-07-09", "Revolução Constitucionalista", "estadual"),
      h("2026-12-24", "Recesso", "agencia"),
    ]);
  });

  it("orders the kinds nacional > estadual > municipal > agencia > facultativo, the first of equals kept", () => {
    const kinds: Holiday["tipo"][] = ["facultativo", "agencia", "municipal", "estadual", "nacional"];
    for (let i = 0; i < kinds.length; i++)
      for (let j = 0; j < kinds.length; j++) {
        const [a, b] = [h("2026-05-01", "A", kinds[i]!), h("2026-05-01", "B", kinds[j]!)];
        expect(mergeHolidays([a], [b])[0]!.nome, `${kinds[i]} vs ${kinds[j]}`).toBe(j > i ? "B" : "A");
      }
  });

  it("answers an empty list for no holidays", () => {
    expect(mergeHolidays()).toEqual([]);
    expect(mergeHolidays([], [])).toEqual([]);
  });
});

// São Paulo, 2026: Good Friday 3 April, Tiradentes Tuesday 21 April, Labour Day Friday 1 May.
const calendar = createOfficeCalendar([
  h("2026-04-03", "Sexta-feira Santa", "nacional"),
  h("2026-04-21", "Dia de Tiradentes", "nacional"),
  h("2026-05-01", "Dia do Trabalhador", "nacional"),
  h("2026-04-20", "Emenda", "agencia"),
  h("2026-04-20", "Ponte", "facultativo"),
  h("2026-01-25", "Aniversário da Cidade", "municipal"), // a Sunday
]);

describe("createOfficeCalendar", () => {
  it("finds a holiday by its date, duplicates merged", () => {
    expect(calendar.isHoliday("2026-04-21")).toBe(true);
    expect(calendar.isHoliday("2026-04-22")).toBe(false);
    expect(calendar.holidayOf("2026-04-20")).toEqual(h("2026-04-20", "Emenda", "agencia"));
    expect(calendar.holidayOf("2026-04-22")).toBeUndefined();
    expect(calendar.holidays.map((holiday) => holiday.data)).toEqual([
      "2026-01-25",
      "2026-04-03",
      "2026-04-20",
      "2026-04-21",
      "2026-05-01",
    ]);
  });

  it("works Monday to Friday, except on holidays", () => {
    expect(calendar.isWorkingDay("2026-04-02")).toBe(true); // Thursday
    expect(calendar.isWorkingDay("2026-04-03")).toBe(false); // Good Friday
    expect(calendar.isWorkingDay("2026-04-04")).toBe(false); // Saturday
    expect(calendar.isWorkingDay("2026-04-05")).toBe(false); // Sunday
    expect(calendar.isWorkingDay("2026-04-06")).toBe(true); // Monday
    expect(calendar.isWorkingDay("2026-01-26")).toBe(true); // Monday after a Sunday holiday
  });

  it("counts working days with both ends included", () => {
    expect(calendar.workingDaysBetween("2026-04-06", "2026-04-06")).toBe(1);
    expect(calendar.workingDaysBetween("2026-04-06", "2026-04-10")).toBe(5);
    // 20 to 24 April: Monday and Tuesday off.
    expect(calendar.workingDaysBetween("2026-04-18", "2026-04-26")).toBe(3);
    // April 2026: 22 weekdays, minus Good Friday, 20 and 21 April.
    expect(calendar.workingDaysBetween("2026-04-01", "2026-04-30")).toBe(19);
    expect(calendar.workingDaysBetween("2026-04-04", "2026-04-05")).toBe(0);
    expect(calendar.workingDaysBetween("2026-04-10", "2026-04-06")).toBe(0);
    // The Sunday holiday takes nothing away from January.
    expect(calendar.workingDaysBetween("2026-01-01", "2026-01-31")).toBe(22);
  });

  it("counts the same as walking the days, over two years", () => {
    const addDay = (iso: string) =>
      new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const start = "2026-01-01";
    let walked = 0;
    for (let day = start; day <= "2027-12-31"; day = addDay(day)) {
      if (calendar.isWorkingDay(day)) walked += 1;
      if (day.endsWith("-01") || day.endsWith("-15"))
        expect(calendar.workingDaysBetween(start, day), day).toBe(walked);
    }
  });

  it("finds the previous working day across a weekend and holidays", () => {
    expect(calendar.previousWorkingDay("2026-04-07")).toBe("2026-04-06");
    // Monday 6 April: back over the weekend and Good Friday to Thursday.
    expect(calendar.previousWorkingDay("2026-04-06")).toBe("2026-04-02");
    // Wednesday 22 April: back over 21 and 20 April and the weekend to Friday 17.
    expect(calendar.previousWorkingDay("2026-04-22")).toBe("2026-04-17");
    // Strictly before, even from a working day or a holiday.
    expect(calendar.previousWorkingDay("2026-05-01")).toBe("2026-04-30");
    expect(calendar.previousWorkingDay("2026-05-04")).toBe("2026-04-30");
  });

  it("lists the holidays of a span, both ends included", () => {
    expect(calendar.holidaysBetween("2026-04-03", "2026-04-21").map((holiday) => holiday.nome)).toEqual([
      "Sexta-feira Santa",
      "Emenda",
      "Dia de Tiradentes",
    ]);
    expect(calendar.holidaysBetween("2026-06-01", "2026-12-31")).toEqual([]);
  });

  it("is a weekend-only calendar without holidays", () => {
    const plain = createOfficeCalendar([]);
    expect(plain.isWorkingDay("2026-04-03")).toBe(true);
    expect(plain.workingDaysBetween("2026-04-01", "2026-04-30")).toBe(22);
    expect(plain.previousWorkingDay("2026-04-06")).toBe("2026-04-03");
  });
});
