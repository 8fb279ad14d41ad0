import { describe, expect, it } from "vitest";
import { ageText, joinNames, stateTone, withWhomText } from "./standing-text";

const now = new Date("2026-03-12T15:00:00Z");
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000).toISOString();

describe("where a request stands, in words", () => {
  it("says how long ago, in Portuguese", () => {
    expect(ageText(daysAgo(3), now)).toBe("há 3 dias");
    expect(ageText(daysAgo(1), now)).toBe("há 1 dia");
    expect(ageText(new Date(now.getTime() - 2 * 3600_000 - 1).toISOString(), now)).toBe("há 2 horas");
    expect(ageText(new Date(now.getTime() - 5_000).toISOString(), now)).toBe("agora");
    expect(ageText("não é data", now)).toBe("");
  });

  it("names the team that has it, the requester while it waits on them, the date once settled", () => {
    const base = { desde: daysAgo(2), equipes: ["Financeiro"], aguardandoAprovacaoDe: null };
    expect(withWhomText({ ...base, status: "em_analise", papel: "solicitante" }, now)).toBe(
      "Com Financeiro há 2 dias",
    );
    expect(
      withWhomText({ ...base, status: "pendente", equipes: ["RH", "Financeiro"], papel: "revisor" }, now),
    ).toBe("Com RH e Financeiro há 2 dias");
    expect(withWhomText({ ...base, status: "aguardando_ajuste", papel: "solicitante" }, now)).toBe(
      "Com você há 2 dias",
    );
    expect(withWhomText({ ...base, status: "aguardando_solicitante", papel: "revisor" }, now)).toBe(
      "Com o solicitante há 2 dias",
    );
    expect(
      withWhomText(
        { ...base, status: "em_analise", aguardandoAprovacaoDe: "Diretoria", papel: "revisor" },
        now,
      ),
    ).toBe("Com Diretoria há 2 dias");
    expect(withWhomText({ ...base, status: "pago", equipes: [], papel: "solicitante" }, now)).toBe(
      "Pago em 10/03/2026",
    );
  });

  it("joins names the Portuguese way and colours each state", () => {
    expect(joinNames(["A"])).toBe("A");
    expect(joinNames(["A", "B", "C"])).toBe("A, B e C");
    expect(stateTone("pendente")).toBe("waiting");
    expect(stateTone("em_analise")).toBe("working");
    expect(stateTone("aguardando_ajuste")).toBe("requester");
    expect(stateTone("pago")).toBe("good");
    expect(stateTone("recusado")).toBe("ended");
  });
});
