import { describe, expect, it } from "vitest";
import { PLAN_CHANNELS, PLAN_OBJECTIVES, PLAN_TONES } from "../options";
import { type PlanContent, PlanContentSchema } from "../plan-content.schema";
import { planRequest } from "../plan-request.fixture";
import type { PlanRequestInput } from "../plan-request.schema";
import { commemorativeDates, type GeneratorClient, generatePlan, weeksOfMonth } from "./index";

const client: GeneratorClient = {
  name: "Casa Ordem",
  segment: "Varejo de utilidades domésticas",
  market_type: "B2C",
  voice_tone: "Próximo e simpático",
  persona_brief: "Mulheres de 25 a 45 anos que buscam praticidade em casa",
  notes: "Loja física em Curitiba e e-commerce.",
};

const bareClient: GeneratorClient = {
  name: "Cliente Novo",
  segment: null,
  market_type: null,
  voice_tone: null,
  persona_brief: null,
  notes: null,
};

function request(overrides: Partial<PlanRequestInput> = {}): PlanRequestInput {
  return {
    clienteId: "cliente-1",
    mesReferencia: "11",
    anoReferencia: "2026",
    objetivoPrincipal: ["Vendas diretas", "Engajamento"],
    publicoAlvo: "Famílias que moram em apartamentos pequenos",
    canaisPlataformas: ["Instagram", "LinkedIn", "Email Marketing"],
    temasPilares: "Dicas de organização, Bastidores da loja; Depoimentos de clientes",
    eventosDatasComemorativas: null,
    principaisProdutosServicos: "Organizadores modulares, Caixas de bambu (P, M, G)",
    tomVoz: ["Acolhedor", "Descontraído"],
    tomVozPersonalizado: null,
    observacoesAdicionais: null,
    ...overrides,
  };
}

const emptyRequest = (month = "11", year = "2026"): PlanRequestInput =>
  planRequest({ mesReferencia: month as PlanRequestInput["mesReferencia"], anoReferencia: year });

const allPosts = (plan: PlanContent) => plan.calendario_editorial.semanas.flatMap((week) => week.posts);
const utcDay = (iso: string | null) => new Date(`${iso}T00:00:00Z`).getUTCDay();

const KNOWN_WEEK_COUNTS: Record<string, number[]> = {
  "2026": [5, 4, 5, 5, 6, 5, 5, 6, 5, 5, 5, 5],
  "2027": [6, 5, 5, 5, 6, 5, 5, 5, 5, 6, 5, 5],
};

describe("generatePlan, every month of 2026 and 2027", () => {
  for (const [year, counts] of Object.entries(KNOWN_WEEK_COUNTS)) {
    counts.forEach((count, index) => {
      const month = String(index + 1).padStart(2, "0") as PlanRequestInput["mesReferencia"];
      it(`${month}/${year}`, () => {
        const plan = generatePlan(request({ mesReferencia: month, anoReferencia: year }), client);
        expect(PlanContentSchema.parse(plan)).toEqual(plan);

        const weeks = plan.calendario_editorial.semanas;
        const calendar = weeksOfMonth(Number(year), index + 1);
        expect(weeks).toHaveLength(count);
        expect(weeks).toHaveLength(calendar.length);
        weeks.forEach((week, order) => {
          expect(week.data_inicio).toBe(calendar[order]?.inicio);
          expect(week.data_fim).toBe(calendar[order]?.fim);
          const [, startMonth] = (week.data_inicio ?? "").split("-");
          expect(week.semana).toBe(
            `Semana ${order + 1} (${week.data_inicio?.slice(8)}/${startMonth} a ${week.data_fim?.slice(8)}/${week.data_fim?.slice(5, 7)})`,
          );
          if (order > 0) expect(utcDay(week.data_inicio)).toBe(0);
          else expect(week.data_inicio?.endsWith("-01")).toBe(true);
        });

        // Each channel keeps its weekly rhythm over the month's days (Instagram twice a week, the others once).
        const days = new Date(Date.UTC(Number(year), index + 1, 0)).getUTCDate();
        const channels = allPosts(plan).map((post) => post.canal);
        expect(channels.filter((canal) => canal === "Instagram")).toHaveLength(Math.round((2 * days) / 7));
        expect(channels.filter((canal) => canal === "LinkedIn")).toHaveLength(Math.round(days / 7));
        expect(channels.filter((canal) => canal === "Email Marketing")).toHaveLength(Math.round(days / 7));

        // Every date of the month reaches a post: on its day when a post may go out then, else the nearest one.
        for (const date of commemorativeDates(Number(year), index + 1)) {
          expect(
            allPosts(plan).some((post) => `${post.gancho} ${post.descricao_completa}`.includes(date.name)),
            date.name,
          ).toBe(true);
        }

        const titles = allPosts(plan).map((post) => post.titulo);
        expect(new Set(titles).size).toBe(titles.length);
        expect(plan.insights_gerais.length).toBeGreaterThanOrEqual(4);
        expect(plan.insights_gerais.length).toBeLessThanOrEqual(8);
      });
    });
  }
});

describe("generatePlan", () => {
  it("gives the same plan for the same request", () => {
    expect(generatePlan(request(), client)).toEqual(generatePlan(request(), client));
  });

  it("leaves ids to the server and marks no post as sent to Bitrix24", () => {
    for (const post of allPosts(generatePlan(request(), client))) {
      expect(post).not.toHaveProperty("id");
      expect(post.bitrix_created).toBe(false);
      expect(post.bitrix_task_id).toBeNull();
    }
  });

  it("labels November 2026's weeks as the viewer shows them", () => {
    const labels = generatePlan(request(), client).calendario_editorial.semanas.map((week) => week.semana);
    expect(labels).toEqual([
      "Semana 1 (01/11 a 07/11)",
      "Semana 2 (08/11 a 14/11)",
      "Semana 3 (15/11 a 21/11)",
      "Semana 4 (22/11 a 28/11)",
      "Semana 5 (29/11 a 30/11)",
    ]);
  });

  it("puts the client's own events in the week they fall in", () => {
    const plan = generatePlan(
      request({ eventosDatasComemorativas: "Aniversário da loja dia 15; Feira de Negócios 22/11" }),
      client,
    );
    const [, , third, fourth] = plan.calendario_editorial.semanas;
    expect(third?.posts.some((post) => post.gancho.includes("Aniversário da loja (15/11)"))).toBe(true);
    expect(fourth?.posts.some((post) => post.gancho.includes("Feira de Negócios (22/11)"))).toBe(true);
    expect(plan.insights_gerais.some((insight) => insight.includes("Aniversário da loja"))).toBe(true);
  });

  it("places an event without a day in a week that has no other hook", () => {
    const plan = generatePlan(
      request({ eventosDatasComemorativas: "Lançamento da coleção de verão" }),
      client,
    );
    const weeks = plan.calendario_editorial.semanas;
    const holder = weeks.find((week) =>
      week.posts.some((post) => post.gancho.includes("Lançamento da coleção")),
    );
    // November 2026: week 2 (08/11 to 14/11) is the first without a commemorative date.
    expect(holder?.semana).toBe("Semana 2 (08/11 a 14/11)");
  });

  it("does not repeat a commemorative date the client also typed", () => {
    const plan = generatePlan(request({ eventosDatasComemorativas: "Black Friday" }), client);
    const hooks = allPosts(plan).map((post) => post.gancho);
    expect(hooks.filter((gancho) => gancho.startsWith("Black Friday ("))).toHaveLength(1);
    expect(hooks.some((gancho) => gancho.startsWith("Evento do cliente: Black Friday"))).toBe(false);
    expect(plan.insights_gerais.some((insight) => insight.includes("destacou Black Friday"))).toBe(true);
  });

  it("carries the client's offer for a date into every post about it, however it is written", () => {
    for (const typed of [
      "3 meses grátis na Black Friday",
      "Black Friday: 3 meses grátis",
      // The form's example once gave 2025's day; a day off is still Black Friday, not a second event.
      "Black Friday (28/11): 3 meses grátis",
      "Aniversário da loja dia 15; 3 meses grátis na Black Friday",
    ]) {
      const posts = allPosts(generatePlan(request({ eventosDatasComemorativas: typed }), client));
      const aboutIt = posts.filter((post) => post.gancho.includes("Black Friday"));
      expect(aboutIt.length, typed).toBeGreaterThan(1);
      for (const post of aboutIt)
        expect(post.descricao_completa, `${typed}: ${post.gancho}`).toContain("3 meses grátis");
      expect(
        posts.some(
          (post) => post.gancho.startsWith("Evento do cliente") && post.gancho.includes("Black Friday"),
        ),
      ).toBe(false);
    }
  });

  it("keeps sales out of mourning dates", () => {
    const plan = generatePlan(request(), client);
    const finados = allPosts(plan).find((post) => post.gancho.startsWith("Finados"));
    expect(finados?.ab_test).toBe("");
    expect(finados?.cta).not.toMatch(/condição|compre|garanta/i);
    expect(finados?.observacoes_producao).toContain("sem apelo de venda");
    expect(finados?.descricao_completa).not.toContain("Organizadores modulares");
  });

  it("steers a commercial date to the sales objective", () => {
    const plan = generatePlan(request(), client);
    const blackFriday = allPosts(plan).find((post) => post.gancho.startsWith("Black Friday"));
    expect(blackFriday?.meta_primaria).toBe("Vendas diretas");
  });

  it("builds titles from themes, products and tones, and a pillar per theme", () => {
    const plan = generatePlan(
      request({ tomVoz: ["Acolhedor", "Personalizado (especificar)"], tomVozPersonalizado: "irreverente" }),
      client,
    );
    const titles = allPosts(plan).map((post) => post.titulo);
    expect(titles.some((title) => title.includes("Caixas de bambu (P, M, G)"))).toBe(true);
    expect(titles.some((title) => title.includes("Dicas de organização"))).toBe(true);
    expect(titles.some((title) => title.includes("em tom irreverente"))).toBe(true);
    expect(plan.content_pillars.pillars.map((pillar) => pillar.pilar)).toEqual([
      "Dicas de organização",
      "Bastidores da loja",
      "Depoimentos de clientes",
    ]);
    const cac = Object.fromEntries(
      plan.content_pillars.pillars.map((pillar) => [pillar.pilar, pillar.cac_reducao]),
    );
    expect(cac).toEqual({
      "Dicas de organização": true,
      "Bastidores da loja": false,
      "Depoimentos de clientes": true,
    });
  });

  it("derives A/B tests from the objectives and runs them on posts of those weeks", () => {
    const plan = generatePlan(request(), client);
    expect(plan.experimentos.testes.map((test) => [test.nome, test.periodo])).toEqual([
      ["Preço em destaque x benefício em destaque", "Semanas 1 e 2"],
      ["Pergunta aberta x enquete", "Semanas 3 e 4"],
    ]);
    const weeksWithTest = plan.calendario_editorial.semanas.map((week) =>
      week.posts.filter((post) => post.ab_test !== "").map((post) => post.ab_test),
    );
    expect(weeksWithTest).toEqual([
      ["Preço em destaque x benefício em destaque"],
      ["Preço em destaque x benefício em destaque"],
      ["Pergunta aberta x enquete"],
      ["Pergunta aberta x enquete"],
      [],
    ]);
  });

  it("makes a sensible plan from an empty request", () => {
    for (let month = 1; month <= 12; month++) {
      const plan = generatePlan(emptyRequest(String(month).padStart(2, "0")), bareClient);
      expect(PlanContentSchema.parse(plan)).toEqual(plan);
      expect(plan.content_pillars.pillars).toHaveLength(3);
      expect(plan.experimentos.testes).toHaveLength(1);
      expect(plan.experimentos.testes[0]?.nome).toBe("Horário de publicação");
      expect(plan.insights_gerais.length).toBeGreaterThanOrEqual(4);
      const days = new Date(Date.UTC(2026, month, 0)).getUTCDate();
      const channels = allPosts(plan).map((post) => post.canal);
      expect(channels.filter((canal) => canal === "Instagram")).toHaveLength(Math.round((2 * days) / 7));
      expect(channels.filter((canal) => canal === "LinkedIn")).toHaveLength(Math.round(days / 7));
      expect(allPosts(plan).every((post) => post.meta_primaria === "Alcance e engajamento")).toBe(true);
      expect(allPosts(plan).some((post) => post.ab_test !== "")).toBe(true);
    }
  });

  it("stays inside the schema's bounds with every option ticked and very long texts", () => {
    const long = (word: string) => Array.from({ length: 600 }, (_, index) => `${word} ${index}`).join(", ");
    const plan = generatePlan(
      request({
        mesReferencia: "08",
        objetivoPrincipal: [...PLAN_OBJECTIVES],
        canaisPlataformas: [...PLAN_CHANNELS],
        tomVoz: [...PLAN_TONES],
        tomVozPersonalizado: "x".repeat(200),
        temasPilares: long("Tema"),
        principaisProdutosServicos: long("Produto"),
        eventosDatasComemorativas: Array.from(
          { length: 40 },
          (_, index) => `Evento ${index} dia ${(index % 31) + 1}`,
        ).join("; "),
        publicoAlvo: "p".repeat(5000),
        observacoesAdicionais: "o".repeat(5000),
      }),
      { ...client, notes: "n".repeat(5000), persona_brief: "b".repeat(5000) },
    );
    expect(PlanContentSchema.parse(plan)).toEqual(plan);
    expect(plan.content_pillars.pillars).toHaveLength(30);
    expect(plan.experimentos.testes).toHaveLength(4);
    // Twelve posts a week (Instagram and TikTok twice, eight channels once) over August's 31 days.
    expect(allPosts(plan)).toHaveLength(9 + 9 + 8 * 4);
  });

  it("writes Portuguese only", () => {
    const text = JSON.stringify(generatePlan(request(), client));
    expect(text).not.toMatch(/\b(the|and|with|week|your|click|here|undefined)\b/i);
  });

  it("refuses a month the request cannot hold", () => {
    expect(() =>
      generatePlan(request({ mesReferencia: "13" as PlanRequestInput["mesReferencia"] }), client),
    ).toThrow(RangeError);
  });
});
