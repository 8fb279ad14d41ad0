import { commemorativeDates, type GeneratorClient, generatePlan } from "@/domain/planning/generator";
import { parseUserEvents } from "@/domain/planning/generator/user-events";
import { MONTH_NAMES, type MonthValue } from "@/domain/planning/options";
import type { PlanContent } from "@/domain/planning/plan-content.schema";
import type { PlanRequestInput } from "@/domain/planning/plan-request.schema";

/*
 * The month as the built-in generator lays it out, handed to the model so it
 * fills in a plan that is right about dates: models are unreliable at calendar
 * arithmetic (which weekday the 15th is, when Dia dos Pais falls), the
 * generator is not. Taken from `generatePlan`'s output, the generator's own
 * decisions (weeks from Sunday, posts per week and channel, suggested days),
 * plus the dates and events it planned around.
 */

export type PlanSkeleton = {
  /** 'novembro de 2026'. */
  mes: string;
  /** The month's first and last day, 'yyyy-mm-dd'. */
  inicio: string;
  fim: string;
  semanas: {
    semana: string;
    data_inicio: string | null;
    data_fim: string | null;
    posts: { canal: string; tipo_post: string; data_sugerida: string | null; dia_da_semana: string | null }[];
  }[];
  datas_comemorativas: { data: string; dia_da_semana: string; nome: string }[];
  /** What the person typed under 'Eventos e datas comemorativas', read as events; data null when no day was given. */
  eventos_do_cliente: { nome: string; data: string | null }[];
};

const weekday = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("pt-BR", { weekday: "long", timeZone: "UTC" });

const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export function planSkeleton(request: PlanRequestInput, client: GeneratorClient): PlanSkeleton {
  const year = Number(request.anoReferencia);
  const month = Number(request.mesReferencia);
  const plan: PlanContent = generatePlan(request, client);
  const pad = (value: number) => String(value).padStart(2, "0");
  return {
    mes: `${MONTH_NAMES[request.mesReferencia as MonthValue].toLowerCase()} de ${year}`,
    inicio: `${year}-${pad(month)}-01`,
    fim: `${year}-${pad(month)}-${pad(lastDay(year, month))}`,
    semanas: plan.calendario_editorial.semanas.map((week) => ({
      semana: week.semana,
      data_inicio: week.data_inicio,
      data_fim: week.data_fim,
      posts: week.posts.map((post) => ({
        canal: post.canal,
        tipo_post: post.tipo_post,
        data_sugerida: post.data_sugerida,
        dia_da_semana: post.data_sugerida ? weekday(post.data_sugerida) : null,
      })),
    })),
    datas_comemorativas: commemorativeDates(year, month).map((date) => ({
      data: date.date,
      dia_da_semana: weekday(date.date),
      nome: date.name,
    })),
    eventos_do_cliente: parseUserEvents(request.eventosDatasComemorativas, year, month).map((event) => ({
      nome: event.name,
      data: event.date,
    })),
  };
}

/** Where the model's plan disagrees with the skeleton's calendar, keyed by path like the schema's issues. */
export function calendarIssues(content: PlanContent, skeleton: PlanSkeleton): Record<string, string> {
  const issues: Record<string, string> = {};
  content.calendario_editorial.semanas.forEach((week, w) => {
    const from = week.data_inicio ?? skeleton.inicio;
    const to = week.data_fim ?? skeleton.fim;
    week.posts.forEach((post, p) => {
      const day = post.data_sugerida;
      if (day === null) return;
      const path = `calendario_editorial.semanas.${w}.posts.${p}.data_sugerida`;
      if (day < skeleton.inicio || day > skeleton.fim) {
        issues[path] = `${day} está fora do mês (${skeleton.inicio} a ${skeleton.fim})`;
      } else if (day < from || day > to) {
        issues[path] = `${day} está fora da semana '${week.semana}' (${from} a ${to})`;
      }
    });
  });
  return issues;
}
