import { describe, expect, it } from "vitest";
import type { PublicPost } from "@/domain/planning/share-api";
import { dayLabel, postsByDay } from "./client-calendar";

const post = (id: string, data_sugerida: string | null): PublicPost => ({
  id,
  canal: "Instagram",
  tipo_post: "Reels",
  titulo: id,
  cta: "",
  descricao_completa: "",
  meta_primaria: "",
  kpi: "",
  gancho: "",
  ab_test: "",
  data_sugerida,
  comentarios: [],
});

describe("the client page's calendar", () => {
  it("groups a week's posts by suggested day in date order, undated last", () => {
    const groups = postsByDay([
      post("a", "2026-11-03"),
      post("b", null),
      post("c", "2026-11-01"),
      post("d", "2026-11-03"),
    ]);
    expect(groups.map((g) => [g.day, g.posts.map((p) => p.id)])).toEqual([
      ["2026-11-01", ["c"]],
      ["2026-11-03", ["a", "d"]],
      [null, ["b"]],
    ]);
  });

  it("names a day in Portuguese, capitalised, whatever the browser's time zone", () => {
    expect(dayLabel("2026-11-01")).toBe("Domingo, 1 de novembro");
    expect(dayLabel("2027-05-01")).toBe("Sábado, 1 de maio");
    expect(dayLabel(null)).toBe("Sem data sugerida");
  });
});
