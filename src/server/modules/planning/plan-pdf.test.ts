import { PDFParse } from "pdf-parse";
import { describe, expect, it } from "vitest";
import type { PlanPost } from "@/domain/planning/plan-content.schema";
import type { ExportablePlan } from "@/domain/planning/plan-export";
import { planPdf } from "./plan-pdf";

const post = (i: number): PlanPost => ({
  canal: i % 2 ? "LinkedIn" : "Instagram",
  tipo_post: "Carrossel",
  titulo: `Título número ${i} sobre promoção de verão`,
  cta: "Saiba mais",
  descricao_completa: "Descrição com acentuação: ação, coração, pão.",
  meta_primaria: "Alcance",
  kpi: "Impressões",
  gancho: "Verão → férias",
  observacoes_producao: "",
  ab_test: "",
  data_sugerida: null,
  bitrix_created: false,
  bitrix_task_id: null,
});

/** An automation's plan without dates: a week of 60 posts, all on the week's first day. */
const crowded: ExportablePlan = {
  cliente: { name: "Sorveteria Açaí & Cia" },
  mes_referencia: "01",
  ano_referencia: "2027",
  status: "gerado",
  content: {
    insights_gerais: [],
    content_pillars: { pillars: [] },
    calendario_editorial: {
      semanas: [
        {
          semana: "1",
          data_inicio: null,
          data_fim: null,
          posts: Array.from({ length: 60 }, (_, i) => post(i + 1)),
        },
      ],
    },
    experimentos: { testes: [] },
  },
};

describe("planPdf", () => {
  it("keeps a crowded day inside its page, counting the posts left out of the grid, and lists every post", async () => {
    const bytes = await planPdf(crowded, "2027-01-10");
    const parser = new PDFParse({ data: new Uint8Array(bytes) });
    const text = (await parser.getText()).text.replace(/\s+/g, " ");
    await parser.destroy();
    const more = /\+ (\d+) posts \(ver lista\)/.exec(text);
    expect(more).not.toBeNull();
    const left = Number(more![1]);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(60);
    // The grid shows 60 - left titles, the post list all 60: each title once or twice.
    for (let i = 1; i <= 60; i++) expect(text).toContain(`${i}. Título número ${i} sobre promoção de verão`);
    expect(text.split("Título número").length - 1).toBe(60 + 60 - left);
    expect(text).toContain("Gancho/Data: Verão → férias");
    expect(text).toContain("Nenhum insight neste planejamento.");
    expect(text).toContain("Exportado em: 10/01/2027");
  });
});
