import { describe, expect, it } from "vitest";
import type { PlanContent, PlanPost } from "./plan-content.schema";
import { datedPosts, monthGrid, planExportFileName } from "./plan-export";
import { planPost } from "./plan-post.fixture";

const post = (titulo: string, data_sugerida: string | null = null): PlanPost =>
  planPost(titulo, { tipo_post: "Reels", data_sugerida });

function content(semanas: PlanContent["calendario_editorial"]["semanas"]): PlanContent {
  return {
    insights_gerais: [],
    content_pillars: { pillars: [] },
    calendario_editorial: { semanas },
    experimentos: { testes: [] },
  };
}

const week = (semana: string, posts: PlanPost[], data_inicio: string | null = null) => ({
  semana,
  data_inicio,
  data_fim: null,
  posts,
});

describe("datedPosts", () => {
  it("puts a post on its suggested day, else on its week's first day in the month", () => {
    // May 2027 starts on a Saturday: its first week holds one day.
    const plan = {
      mes_referencia: "05",
      ano_referencia: "2027",
      content: content([
        week("Semana 1", [post("Sábado", "2027-05-01"), post("Sem data")]),
        week("Semana 2", [post("Fora do mês", "2027-06-03"), post("Data da semana")], "2027-05-02"),
        week("Semana 3", [post("Semana sem datas")]),
      ]),
    };
    expect(datedPosts(plan).map((p) => [p.post.titulo, p.day, p.suggested, p.weekNumber])).toEqual([
      ["Sábado", "2027-05-01", true, 1],
      ["Sem data", "2027-05-01", false, 1],
      ["Fora do mês", "2027-05-02", false, 2],
      ["Data da semana", "2027-05-02", false, 2],
      ["Semana sem datas", "2027-05-09", false, 3],
    ]);
  });

  it("puts the weeks a plan has beyond its month on the month's last week", () => {
    const weeks = Array.from({ length: 6 }, (_, i) => week(`Semana ${i + 1}`, [post(`P${i + 1}`)]));
    // February 2026 starts on a Sunday and has exactly four weeks.
    const days = datedPosts({ mes_referencia: "02", ano_referencia: "2026", content: content(weeks) }).map(
      (p) => p.day,
    );
    expect(days).toEqual([
      "2026-02-01",
      "2026-02-08",
      "2026-02-15",
      "2026-02-22",
      "2026-02-22",
      "2026-02-22",
    ]);
  });
});

describe("monthGrid", () => {
  it("lays the month Sunday to Saturday, with blanks before the 1st and after the last day", () => {
    const may2027 = monthGrid(2027, 5);
    expect(may2027).toHaveLength(6);
    expect(may2027[0]).toEqual([null, null, null, null, null, null, "2027-05-01"]);
    expect(may2027[5]).toEqual(["2027-05-30", "2027-05-31", null, null, null, null, null]);
    const february2026 = monthGrid(2026, 2);
    expect(february2026).toHaveLength(4);
    expect(february2026[0]![0]).toBe("2026-02-01");
    expect(february2026[3]![6]).toBe("2026-02-28");
    expect(monthGrid(2026, 11).flat().filter(Boolean)).toHaveLength(30);
  });
});

describe("planExportFileName", () => {
  const plan = { cliente: { name: "Pão & Cia: Lojas/SP" }, mes_referencia: "11", ano_referencia: "2026" };
  it("names the file after the client and the month, without path characters", () => {
    expect(planExportFileName({ ...plan, status: "gerado", content: content([]) }, "pdf")).toBe(
      "Planejamento Pão & Cia Lojas SP 2026-11.pdf",
    );
    expect(
      planExportFileName({ ...plan, cliente: null, status: "gerado", content: content([]) }, "xlsx"),
    ).toBe("Planejamento Cliente não informado 2026-11.xlsx");
  });
});
