import { describe, expect, it } from "vitest";
import { generatePlan } from "./generator";
import { findPlaced, movePost, placePosts, weekOfDay } from "./month-calendar";
import type { PlanPost, PlanWeek } from "./plan-content.schema";
import { planPost } from "./plan-post.fixture";
import { planRequest } from "./plan-request.fixture";

const post = (titulo: string, data_sugerida: string | null): PlanPost =>
  planPost(titulo, { id: titulo, data_sugerida });

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

describe("placePosts", () => {
  it("puts each post where the export puts it, with its place in the content", () => {
    const placement = placePosts(mayWeeks, 2027, 5);
    expect(placement.byDay.get("2027-05-01")?.map((p) => p.post.titulo)).toEqual(["a"]);
    // 'c' has no data_sugerida: its week's first day, marked.
    expect(placement.byDay.get("2027-05-02")).toEqual([
      { post: mayWeeks[1]!.posts[1], week: 1, index: 1, date: "2027-05-02", fallback: true },
    ]);
    expect(findPlaced(placement, { week: 1, index: 2 })).toMatchObject({
      date: "2027-05-07",
      fallback: false,
    });
    expect(placement.posts.map((p) => [p.week, p.index])).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
      [1, 2],
    ]);
  });

  it("places every post of generated plans over every month of 2026–2028 on its suggested day, in its own week", () => {
    for (let year = 2026; year <= 2028; year++) {
      for (let month = 1; month <= 12; month++) {
        const content = generatePlan(
          planRequest({
            mesReferencia: String(month).padStart(2, "0") as "01",
            anoReferencia: String(year),
            canaisPlataformas: ["Instagram", "LinkedIn"],
          }),
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
        const { posts } = placePosts(weeks, year, month);
        expect(posts).toHaveLength(weeks.reduce((total, week) => total + week.posts.length, 0));
        for (const placed of posts) {
          expect(placed.fallback).toBe(false);
          expect(weekOfDay(weeks, placed.date)).toBe(placed.week);
          expect(weeks[placed.week]!.posts[placed.index]).toBe(placed.post);
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
