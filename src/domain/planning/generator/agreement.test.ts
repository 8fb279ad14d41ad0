import { describe, expect, it } from "vitest";
import { planRequest } from "../plan-request.fixture";
import type { PlanRequestInput } from "../plan-request.schema";
import { articleOf, counted, daysLeft, isPluralName, withArticle, withPreposition } from "./agreement";
import { commemorativeDates } from "./commemorative-dates";
import { type GeneratorClient, generatePlan } from "./index";

const client: GeneratorClient = {
  name: "Casa Ordem",
  segment: null,
  market_type: null,
  voice_tone: null,
  persona_brief: null,
  notes: null,
};

function insightsFor(overrides: Partial<PlanRequestInput>): string {
  return generatePlan(planRequest(overrides), client).insights_gerais.join(" ");
}

describe("Portuguese agreement", () => {
  it("counts and verbs follow the number", () => {
    expect(counted(1, "publicação", "publicações")).toBe("1 publicação");
    expect(counted(9, "publicação", "publicações")).toBe("9 publicações");
    expect(daysLeft(1)).toBe("falta 1 dia");
    expect(daysLeft(4)).toBe("faltam 4 dias");
  });

  it("every commemorative date of 2026–2028 takes its own article, and the contractions follow it", () => {
    expect(withPreposition("para", "Black Friday")).toBe("para a Black Friday");
    expect(withPreposition("de", "Natal")).toBe("do Natal");
    expect(withPreposition("em", "Festas Juninas / São João")).toBe("nas Festas Juninas / São João");
    expect(withPreposition("a", "Páscoa")).toBe("à Páscoa");
    expect(withPreposition("para", "Tiradentes")).toBe("para Tiradentes");
    expect(withArticle("Dia das Mães")).toBe("o Dia das Mães");
    expect(isPluralName("Festas Juninas / São João")).toBe(true);
    expect(isPluralName("Black Friday")).toBe(false);
    const feminine =
      /^(Black Friday|Cyber Monday|Páscoa|Sexta-feira Santa|Quarta-feira de Cinzas|Confraternização|Independência|Proclamação|Véspera)/;
    for (const year of [2026, 2027, 2028]) {
      for (let month = 1; month <= 12; month++) {
        for (const { name } of commemorativeDates(year, month)) {
          if (name.startsWith("Dia ")) expect(articleOf(name), name).toBe("o");
          if (feminine.test(name)) expect(articleOf(name), name).toBe("a");
        }
      }
    }
  });

  it("writes the channel sentence for one channel and for several", () => {
    expect(insightsFor({ canaisPlataformas: ["Instagram"] })).toMatch(/Instagram soma 9 publicações no mês/);
    expect(insightsFor({ canaisPlataformas: ["Instagram"] })).toContain("Instagram recebe duas publicações");
    expect(insightsFor({ canaisPlataformas: ["Instagram", "LinkedIn"] })).toMatch(
      /Instagram e LinkedIn somam 13 publicações no mês/,
    );
    expect(insightsFor({ canaisPlataformas: ["Instagram", "TikTok"] })).toContain(
      "Instagram e TikTok recebem duas publicações",
    );
    expect(insightsFor({ canaisPlataformas: ["LinkedIn"] })).toContain("LinkedIn sai só em dias úteis");
    expect(insightsFor({ canaisPlataformas: ["LinkedIn", "Email Marketing"] })).toContain(
      "LinkedIn e Email Marketing saem só em dias úteis",
    );
  });

  it("writes objectives, products and events in the singular and in the plural", () => {
    expect(insightsFor({ objetivoPrincipal: ["Engajamento"] })).toContain("Objetivo do mês: Engajamento.");
    expect(insightsFor({ objetivoPrincipal: ["Engajamento", "Vendas diretas"] })).toContain(
      "Objetivos do mês: Engajamento e Vendas diretas.",
    );
    expect(insightsFor({ principaisProdutosServicos: "Cestos" })).toContain("Produto em destaque: Cestos,");
    expect(insightsFor({ principaisProdutosServicos: "Cestos, Caixas" })).toContain(
      "Produtos em destaque: Cestos e Caixas,",
    );
    const one = insightsFor({ eventosDatasComemorativas: "Webinar dia 18" });
    expect(one).toContain("Evento do cliente no calendário: Webinar (18/11).");
    expect(one).toContain("Webinar ganha anúncio nos dias anteriores");
    const two = insightsFor({ eventosDatasComemorativas: "Webinar dia 18; Feira dia 24" });
    expect(two).toContain("Eventos do cliente no calendário: Webinar (18/11) e Feira (24/11).");
    expect(two).toContain("Webinar e Feira ganham anúncio nos dias anteriores");
  });

  it("writes the warm-up sentence for one commercial date and for several", () => {
    // November 2026 has two commercial dates, Black Friday and Cyber Monday; September 2026 one, Dia do Cliente.
    expect(insightsFor({})).toContain(
      "As datas comerciais Black Friday (27/11) e Cyber Monday (30/11) ganham aquecimento nos 7 dias anteriores: as publicações desses dias as anunciam.",
    );
    expect(insightsFor({ mesReferencia: "09" })).toContain(
      "A data comercial Dia do Cliente (15/09) ganha aquecimento nos 7 dias anteriores: as publicações desses dias a anunciam.",
    );
  });
});
