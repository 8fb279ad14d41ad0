import { describe, expect, it } from "vitest";
import { AbsenceCalendarQuerySchema, AbsenceCalendarSchema, CALENDAR_KINDS, changesCalendar } from "./api";

describe("the contract of 'Quem está fora' (decision 040)", () => {
  it("takes a month from 2019-01 to 2100-12, or none", () => {
    const parse = (mes: unknown) => AbsenceCalendarQuerySchema.safeParse({ mes });
    expect(parse(undefined).success).toBe(true);
    for (const mes of ["2019-01", "2026-12", "2100-12"]) expect(parse(mes).success, mes).toBe(true);
    for (const mes of ["2018-12", "2101-01", "2026-13", "2026-00", "2026-1", "12/2026", "", 202612]) {
      const parsed = parse(mes);
      expect(parsed.success, String(mes)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("Mês inválido");
    }
  });

  it("answers names and periods only, whatever else a row brings", () => {
    const answer = AbsenceCalendarSchema.parse({
      mes: "2026-12",
      ausencias: [
        { nome: "Ana", primeiroDia: "2026-12-01", ultimoDia: "2026-12-05", tipo: "licenca_medica", id: "x" },
      ],
      feriados: [{ data: "2026-12-25", nome: "Natal", tipo: "nacional" }],
    });
    expect(answer.ausencias).toEqual([{ nome: "Ana", primeiroDia: "2026-12-01", ultimoDia: "2026-12-05" }]);
  });

  it("is told of a calendar kind's moves into and out of 'aprovado' only", () => {
    expect(CALENDAR_KINDS.length).toBeGreaterThan(0);
    const [kind] = CALENDAR_KINDS;
    expect(changesCalendar(kind!, "em_analise", "aprovado")).toBe(true);
    expect(changesCalendar(kind!, "aprovado", "cancelada")).toBe(true);
    expect(changesCalendar(kind!, "pendente", "em_analise")).toBe(false);
    expect(changesCalendar(kind!, "em_analise", "recusado")).toBe(false);
    // A kind without a calendar: its approvals are nobody else's business.
    expect(changesCalendar("reembolso", "em_analise", "aprovado")).toBe(false);
  });
});
