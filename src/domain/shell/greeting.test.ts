import { describe, expect, it } from "vitest";
import { formatLongDate, greetingForHour, hourInAgencyZone } from "./greeting";

describe("greetingForHour (spec §2 home)", () => {
  it.each([
    [0, "Bom dia"],
    [11, "Bom dia"],
    [12, "Boa tarde"],
    [17, "Boa tarde"],
    [18, "Boa noite"],
    [23, "Boa noite"],
  ])("%i h → %s", (hour, greeting) => expect(greetingForHour(hour)).toBe(greeting));
});

describe("hourInAgencyZone", () => {
  it("reads the hour on São Paulo's clock (UTC−3)", () => {
    expect(hourInAgencyZone(new Date("2025-03-05T14:30:00Z"))).toBe(11);
    expect(hourInAgencyZone(new Date("2025-03-05T02:00:00Z"))).toBe(23);
    expect(hourInAgencyZone(new Date("2025-03-05T03:00:00Z"))).toBe(0);
  });
});

describe("formatLongDate", () => {
  it("writes the spec's example with capitalised weekday and month", () => {
    expect(formatLongDate(new Date("2025-03-05T12:00:00Z"))).toBe("Quarta-feira, 5 de Março de 2025");
    expect(formatLongDate(new Date("2025-03-03T12:00:00Z"))).toBe("Segunda-feira, 3 de Março de 2025");
  });
  it("capitalises every weekday and month", () => {
    expect(formatLongDate(new Date("2025-06-01T15:00:00Z"))).toBe("Domingo, 1 de Junho de 2025");
    expect(formatLongDate(new Date("2025-12-27T15:00:00Z"))).toBe("Sábado, 27 de Dezembro de 2025");
  });
  it("uses São Paulo's date late at night UTC", () => {
    expect(formatLongDate(new Date("2025-01-01T01:30:00Z"))).toBe("Terça-feira, 31 de Dezembro de 2024");
  });
});
