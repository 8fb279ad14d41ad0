import { describe, expect, it } from "vitest";
import { parseUserEvents } from "./user-events";

describe("parseUserEvents (the plan form's free-text events)", () => {
  it("reads 'dia 15' as a day of the plan's month and dd/mm as a date", () => {
    expect(parseUserEvents("Aniversário da loja dia 15; Feira de Negócios 22/11", 2026, 11)).toEqual([
      { name: "Aniversário da loja", date: "2026-11-15" },
      { name: "Feira de Negócios", date: "2026-11-22" },
    ]);
  });

  it("reads dates written out, ISO dates and dates with a year", () => {
    const text = "Palestra em 5 de novembro\nWorkshop 2026-11-09\nConvenção 03/12/2026";
    expect(parseUserEvents(text, 2026, 11)).toEqual([
      { name: "Palestra", date: "2026-11-05" },
      { name: "Workshop", date: "2026-11-09" },
      { name: "Convenção", date: "2026-12-03" },
    ]);
  });

  it("splits on commas that start a new item, but not inside one", () => {
    expect(parseUserEvents("Aniversário da loja dia 15, Feira 22/11, em Curitiba", 2026, 11)).toEqual([
      { name: "Aniversário da loja", date: "2026-11-15" },
      { name: "Feira, em Curitiba", date: "2026-11-22" },
    ]);
  });

  it("keeps an event without a day, and a day that does not exist, as undated", () => {
    expect(parseUserEvents("- Lançamento da coleção de verão\n- Bazar 31/11", 2026, 11)).toEqual([
      { name: "Lançamento da coleção de verão", date: null },
      { name: "Bazar 31/11", date: null },
    ]);
  });

  it("gives nothing for nothing, and drops repeats", () => {
    expect(parseUserEvents(null, 2026, 11)).toEqual([]);
    expect(parseUserEvents("  ;\n ", 2026, 11)).toEqual([]);
    expect(parseUserEvents("Bazar dia 3; Bazar dia 3", 2026, 11)).toHaveLength(1);
  });
});
