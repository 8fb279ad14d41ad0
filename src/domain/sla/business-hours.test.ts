import { afterEach, describe, expect, it } from "vitest";
import { ABSENCE_WORKFLOW } from "../requests/kinds/ausencia/workflow";
import { PAYMENT_WORKFLOW } from "../requests/workflow";
import {
  addBusinessHours,
  addBusinessMinutes,
  businessDaysInPeriod,
  businessMinutesBetween,
  isBusinessDate,
} from "./business-hours";
import { nationalHolidays, officeHolidayOn, setHolidaySource } from "./holidays";
import { elapsedMinutes, prazoOf, prazoText, slaStanding } from "./service-level";

const at = (local: string) => new Date(`${local}:00-03:00`);
const between = (a: string, b: string) => businessMinutesBetween(at(a), at(b));

describe("businessMinutesBetween (Mon–Fri 9:00–18:00 São Paulo, national holidays off)", () => {
  it("counts a partial day, and nothing before opening or after closing", () => {
    expect(between("2026-11-23T10:00", "2026-11-23T12:30")).toBe(150);
    expect(between("2026-11-23T07:00", "2026-11-23T09:30")).toBe(30);
    expect(between("2026-11-23T17:30", "2026-11-23T23:00")).toBe(30);
    expect(between("2026-11-23T00:00", "2026-11-24T00:00")).toBe(540);
  });

  it("skips the weekend", () => {
    expect(between("2026-11-27T17:00", "2026-11-30T10:00")).toBe(120);
    expect(between("2026-11-28T08:00", "2026-11-29T20:00")).toBe(0);
    expect(between("2026-11-23T09:00", "2026-11-30T09:00")).toBe(5 * 540);
  });

  it("skips fixed and movable national holidays", () => {
    // Tiradentes 2026 is a Tuesday.
    expect(between("2026-04-20T17:00", "2026-04-22T10:00")).toBe(120);
    // Good Friday 2026 is 3 April (Easter on the 5th).
    expect(between("2026-04-02T17:00", "2026-04-06T10:00")).toBe(120);
    // Consciência Negra: national from 2024 only.
    expect(between("2026-11-20T09:00", "2026-11-20T18:00")).toBe(0);
    expect(between("2023-11-20T09:00", "2023-11-20T18:00")).toBe(540);
    expect(between("2026-12-24T17:00", "2026-12-28T10:00")).toBe(120); // Christmas 2026 is a Friday
  });

  it("counts Carnaval and Corpus Christi as business days ('ponto facultativo')", () => {
    expect(between("2026-02-16T09:00", "2026-02-18T09:00")).toBe(2 * 540);
    expect(between("2026-06-04T09:00", "2026-06-04T18:00")).toBe(540);
  });

  it("reads instants as UTC, whatever the server's zone: 23:30 UTC is 20:30 in São Paulo", () => {
    expect(businessMinutesBetween(new Date("2026-11-23T20:00:00Z"), new Date("2026-11-23T23:30:00Z"))).toBe(
      60,
    );
  });

  it("is zero for an empty or reversed interval", () => {
    expect(between("2026-11-23T10:00", "2026-11-23T10:00")).toBe(0);
    expect(between("2026-11-24T10:00", "2026-11-23T10:00")).toBe(0);
  });

  it("lists the year's holidays, Good Friday from Easter", () => {
    expect([...nationalHolidays(2025)]).toContain("2025-04-18");
    expect([...nationalHolidays(2027)]).toContain("2027-03-26");
    expect(nationalHolidays(2026).size).toBe(10);
  });
});

describe("addBusinessMinutes (the inverse)", () => {
  it("goes over the weekend and holidays", () => {
    expect(addBusinessMinutes(at("2026-11-27T17:00"), 120)).toEqual(at("2026-11-30T10:00"));
    expect(addBusinessHours(at("2026-11-19T17:00"), 2)).toEqual(at("2026-11-23T10:00"));
    expect(addBusinessMinutes(at("2026-11-28T12:00"), 0)).toEqual(at("2026-11-30T09:00"));
    expect(addBusinessMinutes(at("2026-11-23T18:00"), 0)).toEqual(at("2026-11-23T18:00"));
  });

  it("undoes businessMinutesBetween from any start", () => {
    const starts = ["2026-11-23T08:00", "2026-11-23T13:17", "2026-11-27T17:59", "2026-04-02T10:00"];
    for (const start of starts)
      for (const minutes of [1, 59, 540, 541, 3000, 20_000]) {
        const end = addBusinessMinutes(at(start), minutes);
        expect(businessMinutesBetween(at(start), end)).toBe(minutes);
      }
  });
});

describe("the service-level clock", () => {
  const now = at("2026-11-23T15:00");
  it("runs in the team's states and pauses while the request waits on its requester", () => {
    const since = at("2026-11-23T10:00");
    expect(
      elapsedMinutes(
        { workflow: PAYMENT_WORKFLOW, status: "em_analise", slaMinutes: 60, statusChangedAt: since },
        now,
      ),
    ).toBe(360);
    expect(
      elapsedMinutes(
        { workflow: PAYMENT_WORKFLOW, status: "aguardando_ajuste", slaMinutes: 60, statusChangedAt: since },
        now,
      ),
    ).toBe(60);
    expect(
      elapsedMinutes(
        {
          workflow: PAYMENT_WORKFLOW,
          status: "aguardando_solicitante",
          slaMinutes: 0,
          statusChangedAt: since,
        },
        now,
      ),
    ).toBe(0);
  });

  it("says 'No prazo' under 80 % of the target, 'Atenção' from it, 'Atrasada' past it", () => {
    expect(slaStanding(479, 10)).toBe("no_prazo");
    expect(slaStanding(480, 10)).toBe("atencao");
    expect(slaStanding(600, 10)).toBe("atencao");
    expect(slaStanding(601, 10)).toBe("atrasada");
  });

  it("gives reviewers the time left and requesters the standing only", () => {
    const row = {
      workflow: PAYMENT_WORKFLOW,
      status: "em_analise",
      slaMinutes: 0,
      statusChangedAt: at("2026-11-23T10:00"),
    };
    const reviewer = prazoOf(row, 8, now, true)!;
    expect(prazoText(reviewer)).toBe("Prazo: 3 h úteis restantes");
    const late = prazoOf(row, 3, now, true)!;
    expect(prazoText(late)).toBe("Atrasada há 2 h úteis");
    const requester = prazoOf(row, 3, now, false)!;
    expect(requester).toEqual({ situacao: "atrasada", pausado: false, restanteMinutos: null });
    expect(prazoText(requester)).toBe("Atrasada");
    expect(prazoOf({ ...row, status: "pago" }, 3, now, true)).toBeNull();
    expect(prazoOf(row, null, now, true)).toBeNull();
  });

  it("stops in the kind's own closed states: 'Aprovado' ends an absence, not a reimbursement", () => {
    const since = at("2026-11-23T10:00");
    const approved = { status: "aprovado", slaMinutes: 60, statusChangedAt: since };
    expect(prazoOf({ ...approved, workflow: ABSENCE_WORKFLOW }, 3, now, true)).toBeNull();
    expect(elapsedMinutes({ ...approved, workflow: ABSENCE_WORKFLOW }, now)).toBe(60);
    expect(elapsedMinutes({ ...approved, workflow: PAYMENT_WORKFLOW }, now)).toBe(360);
  });

  it("counts an absence's working days, both ends included, without weekends and national holidays", () => {
    // 17–21 Nov 2025: Monday to Friday, with Consciência Negra (Thursday 20) off.
    expect(businessDaysInPeriod("2025-11-17", "2025-11-21")).toBe(4);
    expect(businessDaysInPeriod("2025-11-22", "2025-11-23")).toBe(0);
    expect(businessDaysInPeriod("2026-11-26", "2026-11-26")).toBe(1);
    // Christmas to New Year: 25/12 and 1/1 off.
    expect(businessDaysInPeriod("2026-12-21", "2027-01-08")).toBe(13);
    expect(businessDaysInPeriod("2026-11-27", "2026-11-26")).toBe(0);
  });
});

describe("the office's holidays (docs/decisions/060)", () => {
  afterEach(() => setHolidaySource(null));

  it("count as days off once the source names them, and stop counting when it is put back", () => {
    // São Paulo's anniversary, 25 January 2027, is a Monday: a city holiday, not a national one.
    expect(isBusinessDate("2027-01-25")).toBe(true);
    expect(businessDaysInPeriod("2027-01-25", "2027-01-29")).toBe(5);
    setHolidaySource((year) =>
      year === 2027 ? [{ data: "2027-01-25", nome: "Aniversário da Cidade", tipo: "municipal" }] : [],
    );
    expect(isBusinessDate("2027-01-25")).toBe(false);
    expect(businessDaysInPeriod("2027-01-25", "2027-01-29")).toBe(4);
    expect(officeHolidayOn("2027-01-25")?.nome).toBe("Aniversário da Cidade");
    // The service-level clock stops on it too: Friday 17:00 to Tuesday 10:00 is 1 h + 1 h.
    expect(
      businessMinutesBetween(new Date("2027-01-22T17:00:00-03:00"), new Date("2027-01-26T10:00:00-03:00")),
    ).toBe(120);
    setHolidaySource(null);
    expect(isBusinessDate("2027-01-25")).toBe(true);
    expect(officeHolidayOn("2027-01-01")?.tipo).toBe("nacional");
  });
});
