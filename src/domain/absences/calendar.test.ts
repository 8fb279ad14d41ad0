import { describe, expect, it } from "vitest";
import {
  awayCountLabel,
  awayOn,
  comparePeriods,
  currentMonth,
  isRestDay,
  monthBounds,
  monthLabel,
  monthWeeks,
  periodLabel,
  shiftMonth,
} from "./calendar";

const ana = { nome: "Ana Souza", primeiroDia: "2026-12-01", ultimoDia: "2026-12-05" };
const bruno = { nome: "Bruno Lima", primeiroDia: "2026-11-28", ultimoDia: "2026-12-02" };
const caio = { nome: "Caio Reis", primeiroDia: "2026-12-31", ultimoDia: "2027-01-04" };

describe("the month of 'Quem está fora' (decision 040)", () => {
  it("is São Paulo's month, moved by whole months across years", () => {
    expect(currentMonth("2026-12-31")).toBe("2026-12");
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
    expect(shiftMonth("2027-01", -1)).toBe("2026-12");
    expect(shiftMonth("2026-03", -15)).toBe("2024-12");
    expect(monthBounds("2024-02")).toEqual({ first: "2024-02-01", last: "2024-02-29" });
    expect(monthBounds("2026-11")).toEqual({ first: "2026-11-01", last: "2026-11-30" });
  });

  it("is named in pt-BR", () => {
    expect(monthLabel("2026-12")).toBe("dezembro de 2026");
    expect(monthLabel("2027-03")).toBe("março de 2027");
  });

  it("is drawn in weeks from Sunday to Saturday, other months' days left blank", () => {
    // 1 December 2026 is a Tuesday; the 31st a Thursday.
    const weeks = monthWeeks("2026-12");
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([
      null,
      null,
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
    ]);
    expect(weeks.at(-1)).toEqual([
      "2026-12-27",
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      null,
      null,
    ]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    // February 2026 starts on a Sunday and fills four weeks exactly.
    expect(monthWeeks("2026-02")).toHaveLength(4);
  });

  it("shades weekends and national holidays", () => {
    expect(isRestDay("2026-12-05")).toBe(true); // Saturday
    expect(isRestDay("2026-12-06")).toBe(true); // Sunday
    expect(isRestDay("2026-12-25")).toBe(true); // Christmas, a Friday
    expect(isRestDay("2026-04-03")).toBe(true); // Good Friday
    expect(isRestDay("2026-12-24")).toBe(false);
  });

  it("says who is away on a day, both ends of a period included", () => {
    const periods = [bruno, ana, caio];
    expect(awayOn("2026-12-01", periods)).toEqual(["Bruno Lima", "Ana Souza"]);
    expect(awayOn("2026-12-02", periods)).toEqual(["Bruno Lima", "Ana Souza"]);
    expect(awayOn("2026-12-03", periods)).toEqual(["Ana Souza"]);
    expect(awayOn("2026-12-31", periods)).toEqual(["Caio Reis"]);
    expect(awayOn("2026-12-10", periods)).toEqual([]);
    expect([awayCountLabel(0), awayCountLabel(1), awayCountLabel(3)]).toEqual([
      "Ninguém fora",
      "1 pessoa fora",
      "3 pessoas fora",
    ]);
  });

  it("lists periods by first day then name, each with its real period", () => {
    const same = { ...ana, nome: "Álvaro Dias" };
    expect([caio, ana, bruno, same].sort(comparePeriods).map((p) => p.nome)).toEqual([
      "Bruno Lima",
      "Álvaro Dias",
      "Ana Souza",
      "Caio Reis",
    ]);
    expect(periodLabel(ana, "2026-12")).toBe("Ana Souza — 01/12 a 05/12");
    expect(periodLabel(bruno, "2026-12")).toBe("Bruno Lima — 28/11 a 02/12");
    expect(periodLabel(caio, "2026-12")).toBe("Caio Reis — 31/12 a 04/01/2027");
    expect(periodLabel(caio, "2027-01")).toBe("Caio Reis — 31/12/2026 a 04/01");
    expect(periodLabel({ ...ana, ultimoDia: ana.primeiroDia }, "2026-12")).toBe("Ana Souza — 01/12");
  });
});
