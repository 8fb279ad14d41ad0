import { describe, expect, it } from "vitest";
import { generatePlan } from "@/domain/planning/generator";
import { MONTH_VALUES } from "@/domain/planning/options";
import type { PlanContent } from "@/domain/planning/plan-content.schema";
import type { PlanRequestInput } from "@/domain/planning/plan-request.schema";
import { calendarIssues, promptSkeleton } from "./plan-skeleton";

const client = {
  name: "Padaria Pão Quente",
  segment: "Alimentação",
  market_type: "B2C",
  voice_tone: null,
  persona_brief: null,
  notes: null,
};

function request(year: string, month: (typeof MONTH_VALUES)[number]): PlanRequestInput {
  return {
    clienteId: "00000000-0000-4000-8000-000000000000",
    mesReferencia: month,
    anoReferencia: year,
    objetivoPrincipal: ["Engajamento"],
    publicoAlvo: null,
    canaisPlataformas: ["Instagram", "LinkedIn"],
    temasPilares: null,
    eventosDatasComemorativas: "Webinar dia 18",
    principaisProdutosServicos: null,
    tomVoz: [],
    tomVozPersonalizado: null,
    observacoesAdicionais: null,
  } as PlanRequestInput;
}

describe("the skeleton in the LLM's prompt", () => {
  const months = ["2026", "2027", "2028"].flatMap((year) =>
    MONTH_VALUES.map((month) => request(year, month)),
  );

  it("spans the month and names each post's weekday, inside its week", () => {
    for (const input of months) {
      const skeleton = promptSkeleton(input);
      const prefix = `${input.anoReferencia}-${input.mesReferencia}-`;
      expect(skeleton.inicio).toBe(`${prefix}01`);
      expect(skeleton.fim.startsWith(prefix)).toBe(true);
      expect(skeleton.publicacoes.length).toBeGreaterThan(0);
      for (const post of skeleton.publicacoes) {
        const week = skeleton.semanas[post.semana - 1]!;
        expect(post.data_sugerida >= week.data_inicio && post.data_sugerida <= week.data_fim).toBe(true);
        const day = new Date(`${post.data_sugerida}T12:00:00Z`).getUTCDay();
        expect(post.dia_da_semana).toBe(
          [
            "domingo",
            "segunda-feira",
            "terça-feira",
            "quarta-feira",
            "quinta-feira",
            "sexta-feira",
            "sábado",
          ][day],
        );
      }
    }
  });

  it("finds nothing wrong with the built-in generator's own plans", () => {
    for (const input of months) {
      expect(calendarIssues(generatePlan(input, client), promptSkeleton(input))).toEqual({});
    }
  });

  it("names each post whose day is outside the month or outside its week", () => {
    const input = request("2027", "05");
    const post = generatePlan(input, client).calendario_editorial.semanas[1]!.posts[0]!;
    const content: PlanContent = {
      insights_gerais: [],
      content_pillars: { pillars: [] },
      experimentos: { testes: [] },
      calendario_editorial: {
        semanas: [
          {
            semana: "Semana 2",
            data_inicio: "2027-05-02",
            data_fim: "2027-05-08",
            posts: [
              { ...post, data_sugerida: "2027-05-04" },
              { ...post, data_sugerida: "2027-05-20" },
              { ...post, data_sugerida: "2027-06-01" },
            ],
          },
        ],
      },
    };
    expect(calendarIssues(content, promptSkeleton(input))).toEqual({
      "calendario_editorial.semanas.0.posts.1.data_sugerida":
        "2027-05-20 está fora da semana 'Semana 2' (2027-05-02 a 2027-05-08)",
      "calendario_editorial.semanas.0.posts.2.data_sugerida":
        "2027-06-01 está fora do mês (2027-05-01 a 2027-05-31)",
    });
  });
});
