import { describe, expect, it } from "vitest";
import { MONTH_VALUES } from "../options";
import type { PlanRequestInput } from "../plan-request.schema";
import { generatePlan } from "./index";
import { planSkeleton } from "./skeleton";

const YEARS = ["2026", "2027", "2028"] as const;

describe("planSkeleton (the month's calendar before any post)", () => {
  it("cuts every month of 2026–2028 into weeks that cover each day once", () => {
    for (const year of YEARS) {
      for (const month of MONTH_VALUES) {
        const skeleton = planSkeleton({
          anoReferencia: year,
          mesReferencia: month,
          eventosDatasComemorativas: null,
        });
        const days = skeleton.semanas.reduce((sum, week) => sum + week.dias, 0);
        expect(days).toBe(new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate());
        expect(skeleton.semanas[0]?.data_inicio).toBe(`${year}-${month}-01`);
        for (const date of skeleton.datas_comemorativas) {
          const week = skeleton.semanas[date.semana - 1];
          expect(week && week.data_inicio <= date.data && date.data <= week.data_fim).toBe(true);
        }
      }
    }
  });

  it("gives May 2027 a first week of one day, and November's holidays", () => {
    expect(
      planSkeleton({ anoReferencia: "2027", mesReferencia: "05", eventosDatasComemorativas: null })
        .semanas[0],
    ).toEqual({
      index: 1,
      semana: "Semana 1 (01/05 a 01/05)",
      data_inicio: "2027-05-01",
      data_fim: "2027-05-01",
      dias: 1,
    });
    const november = planSkeleton({
      anoReferencia: "2026",
      mesReferencia: "11",
      eventosDatasComemorativas: null,
    });
    expect(november.feriados_nacionais).toEqual(["2026-11-02", "2026-11-15", "2026-11-20"]);
    expect(november.datas_comemorativas).toContainEqual({
      data: "2026-11-27",
      nome: "Black Friday",
      tipo: "comercial",
      feriado_nacional: false,
      semana: 4,
    });
  });

  it("places the client's events in their weeks, and tells those of another month apart", () => {
    const skeleton = planSkeleton({
      anoReferencia: "2026",
      mesReferencia: "11",
      eventosDatasComemorativas: "Webinar de vendas dia 18; Feira 03/12; Lançamento da coleção",
    });
    expect(skeleton.eventos_cliente).toEqual([
      { nome: "Lançamento da coleção", data: null, semana: 2 },
      { nome: "Webinar de vendas", data: "2026-11-18", semana: 3 },
      { nome: "Feira", data: "2026-12-03", semana: null },
    ]);
  });

  it("schedules the same posts on the same days as the built-in generator, with the request's offers", () => {
    for (const month of ["02", "05", "11", "12"] as const) {
      const request: PlanRequestInput = {
        clienteId: "cliente-1",
        mesReferencia: month,
        anoReferencia: "2027",
        objetivoPrincipal: [],
        publicoAlvo: null,
        canaisPlataformas: ["Instagram", "LinkedIn", "Email Marketing"],
        temasPilares: null,
        eventosDatasComemorativas: "Black Friday: 3 meses grátis; Webinar de vendas dia 18",
        principaisProdutosServicos: null,
        tomVoz: [],
        tomVozPersonalizado: null,
        observacoesAdicionais: null,
      };
      const skeleton = planSkeleton(request);
      const plan = generatePlan(request, {
        name: "Cliente",
        segment: null,
        market_type: null,
        voice_tone: null,
        persona_brief: null,
        notes: null,
      });
      const posts = plan.calendario_editorial.semanas.flatMap((week) => week.posts);
      expect(skeleton.publicacoes.map((post) => [post.canal, post.data_sugerida])).toEqual(
        posts.map((post) => [post.canal, post.data_sugerida]),
      );
      expect(skeleton.ofertas).toEqual(month === "11" ? { "Black Friday": "3 meses grátis" } : {});
      const webinar = skeleton.publicacoes.filter((post) =>
        post.mencoes.some((mention) => mention.nome === "Webinar de vendas" && mention.tipo === "anuncio"),
      );
      expect(webinar).toHaveLength(1);
      expect(webinar[0]!.data_sugerida < `2027-${month}-18`).toBe(true);
    }
  });
});
