import { describe, expect, it } from "vitest";
import { generatePlan } from "./generator";
import { monthBounds, monthGrid, movePost, placePosts, postDay, weekOfDay } from "./month-calendar";
import type { PlanPost, PlanWeek } from "./plan-content.schema";

function post(titulo: string, data_sugerida: string | null): PlanPost {
  return {
    id: titulo,
    canal: "Instagram",
    tipo_post: "",
    titulo,
    cta: "",
    descricao_completa: "",
    meta_primaria: "",
    kpi: "",
    gancho: "",
    observacoes_producao: "",
    ab_test: "",
    data_sugerida,
    bitrix_created: false,
    bitrix_task_id: null,
  };
}

// May 2027 starts on a Saturday: its first week holds a single day.
const mayWeeks: PlanWeek[] = [
  { semana: "Semana 1", data_inicio: "2027-05-01", data_fim: "2027-05-01", posts: [post("a", "2027-05-01")] },
  {
    semana: "Semana 2",
    data_inicio: "2027-05-02",
    data_fim: "2027-05-08",
    posts: [post("b", "2027-05-03"), post("c", null), post("d", "2027-05-07")],
  },
  { semana: "Semana 3", data_inicio: "2027-05-09", data_fim: "2027-05-15", posts: [] },
];

describe("monthGrid", () => {
  it("lays every month of 2026–2028 out in whole weeks from Sunday, each day of the month once", () => {
    for (let year = 2026; year <= 2028; year++) {
      for (let month = 1; month <= 12; month++) {
        const grid = monthGrid(year, month);
        const { first, last } = monthBounds(year, month);
        const days = grid.flat();
        expect(grid.every((week) => week.length === 7)).toBe(true);
        expect(new Date(`${days[0]!.date}T00:00:00Z`).getUTCDay()).toBe(0);
        const inMonth = days.filter((day) => day.inMonth).map((day) => day.date);
        expect(inMonth[0]).toBe(first);
        expect(inMonth.at(-1)).toBe(last);
        expect(inMonth).toHaveLength(Number(last.slice(8)));
        expect(days.filter((day) => !day.inMonth).every((day) => day.date < first || day.date > last)).toBe(
          true,
        );
        // No week made only of other months' days.
        expect(grid.every((week) => week.some((day) => day.inMonth))).toBe(true);
      }
    }
  });

  it("greys the neighbours: May 2027 opens on Sunday 25 April", () => {
    const [firstWeek] = monthGrid(2027, 5);
    expect(firstWeek!.map((day) => day.day)).toEqual([25, 26, 27, 28, 29, 30, 1]);
    expect(firstWeek!.map((day) => day.inMonth)).toEqual([false, false, false, false, false, false, true]);
  });
});

describe("placePosts", () => {
  it("puts each post on its data_sugerida, and an undated one on its week's first day, marked", () => {
    const { byDay, unplaced } = placePosts(mayWeeks, 2027, 5);
    expect(byDay.get("2027-05-01")?.map((p) => p.post.titulo)).toEqual(["a"]);
    expect(byDay.get("2027-05-02")).toEqual([
      { post: mayWeeks[1]!.posts[1], week: 1, index: 1, fallback: true },
    ]);
    expect(byDay.get("2027-05-07")?.[0]).toMatchObject({ week: 1, index: 2, fallback: false });
    expect(unplaced).toEqual([]);
  });

  it("an undated post of a week that starts in the previous month sits on the 1st; no dates at all is unplaced", () => {
    const bounds = monthBounds(2026, 11);
    expect(
      postDay({ data_sugerida: null }, { data_inicio: "2026-10-25", data_fim: "2026-10-31" }, bounds),
    ).toBeNull();
    expect(
      postDay({ data_sugerida: null }, { data_inicio: "2026-10-29", data_fim: "2026-11-04" }, bounds),
    ).toEqual({
      date: "2026-11-01",
      fallback: true,
    });
    const { unplaced } = placePosts(
      [{ semana: "1", data_inicio: null, data_fim: null, posts: [post("x", null), post("y", "2026-12-01")] }],
      2026,
      11,
    );
    expect(unplaced.map((p) => p.post.titulo)).toEqual(["x", "y"]);
  });

  it("places every post of generated plans over every month of 2026–2028 on a day of its own week", () => {
    for (let year = 2026; year <= 2028; year++) {
      for (let month = 1; month <= 12; month++) {
        const content = generatePlan(
          {
            clienteId: "c",
            mesReferencia: String(month).padStart(2, "0") as "01",
            anoReferencia: String(year),
            objetivoPrincipal: [],
            publicoAlvo: null,
            canaisPlataformas: ["Instagram", "LinkedIn"],
            temasPilares: null,
            eventosDatasComemorativas: null,
            principaisProdutosServicos: null,
            tomVoz: [],
            tomVozPersonalizado: null,
            observacoesAdicionais: null,
          },
          {
            name: "Cliente",
            segment: null,
            market_type: null,
            voice_tone: null,
            persona_brief: null,
            notes: null,
          },
        );
        const weeks = content.calendario_editorial.semanas;
        const { byDay, unplaced } = placePosts(weeks, year, month);
        expect(unplaced).toEqual([]);
        for (const [date, posts] of byDay) {
          for (const placed of posts) expect(weekOfDay(weeks, date)).toBe(placed.week);
        }
      }
    }
  });
});

describe("movePost", () => {
  it("sets the day and moves the post into the week that holds it, in date order", () => {
    const { weeks, to } = movePost(mayWeeks, { week: 0, index: 0 }, "2027-05-05");
    expect(to).toEqual({ week: 1, index: 2 });
    expect(weeks[0]!.posts).toEqual([]);
    expect(weeks[1]!.posts.map((p) => [p.titulo, p.data_sugerida])).toEqual([
      ["b", "2027-05-03"],
      ["c", null],
      ["a", "2027-05-05"],
      ["d", "2027-05-07"],
    ]);
    // The input is untouched.
    expect(mayWeeks[0]!.posts).toHaveLength(1);
    expect(mayWeeks[0]!.posts[0]!.data_sugerida).toBe("2027-05-01");
  });

  it("within the same week, the post changes place; to an empty week it is the only post", () => {
    const same = movePost(mayWeeks, { week: 1, index: 2 }, "2027-05-02");
    expect(same.weeks[1]!.posts.map((p) => p.titulo)).toEqual(["d", "b", "c"]);
    expect(same.to).toEqual({ week: 1, index: 0 });
    const empty = movePost(mayWeeks, { week: 1, index: 0 }, "2027-05-12");
    expect(empty.weeks[2]!.posts.map((p) => [p.titulo, p.data_sugerida])).toEqual([["b", "2027-05-12"]]);
    expect(empty.weeks[1]!.posts.map((p) => p.titulo)).toEqual(["c", "d"]);
  });

  it("keeps the post in its week when no week's dates hold the day (weeks without dates)", () => {
    const undated: PlanWeek[] = [
      { semana: "1", data_inicio: null, data_fim: null, posts: [post("x", null)] },
    ];
    const { weeks, to } = movePost(undated, { week: 0, index: 0 }, "2026-11-20");
    expect(to).toEqual({ week: 0, index: 0 });
    expect(weeks[0]!.posts[0]!.data_sugerida).toBe("2026-11-20");
  });
});
