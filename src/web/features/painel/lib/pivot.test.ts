import { describe, expect, it } from "vitest";
import type { Painel } from "@/domain/painel/api";
import { amountsByMonth, durationText, monthLabel, requestsByMonth } from "./pivot";

const painel: Painel = {
  de: "2026-01-01",
  ate: "2026-02-28",
  meses: ["2026-01", "2026-02"],
  tipos: ["reembolso", "bolsa"],
  porMes: [{ mes: "2026-02", tipo: "bolsa", total: 3 }],
  valores: [
    { mes: "2026-01", centroCusto: "TI", tipoDespesa: "Transporte", aprovadoCentavos: 1050, pagoCentavos: 0 },
    {
      mes: "2026-01",
      centroCusto: "TI",
      tipoDespesa: "Alimentação",
      aprovadoCentavos: 950,
      pagoCentavos: 100,
    },
  ],
  tempos: [],
  prazos: [],
  enviadoAoBanco: { total: 0, centavos: 0 },
};

describe("the Painel's chart data", () => {
  it("fills every month and kind, zero where nothing was sent", () => {
    expect(requestsByMonth(painel)).toEqual([
      { mes: "jan/26", reembolso: 0, bolsa: 0 },
      { mes: "fev/26", reembolso: 0, bolsa: 3 },
    ]);
  });

  it("sums amounts per cost centre in reais", () => {
    expect(amountsByMonth(painel, "centroCusto", "aprovadoCentavos")).toEqual([
      { mes: "jan/26", TI: 20 },
      { mes: "fev/26", TI: 0 },
    ]);
    expect(amountsByMonth(painel, "tipoDespesa", "pagoCentavos")[0]).toEqual({
      mes: "jan/26",
      Alimentação: 1,
      Transporte: 0,
    });
  });

  it("writes months and durations in Portuguese", () => {
    expect(monthLabel("2026-12")).toBe("dez/26");
    expect(durationText(5.5)).toBe("5,5 h");
    expect(durationText(84)).toBe("3,5 dias");
    expect(durationText(null)).toBe("—");
  });
});
