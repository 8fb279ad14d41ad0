import { addDays, dayOfWeek, weekdayName, weeksOfMonth } from "./generator/calendar";
import { planMessages } from "./messages";
import { monthName } from "./options";
import type { PlanContent, PlanPost } from "./plan-content.schema";

/*
 * The plan as it leaves Balcão (decision 019): the PDF for the client and
 * the XLSX of the posts share these pure pieces — the day each post goes on,
 * the month as a Sunday-to-Saturday grid, the posts' columns and the file's
 * name — so both files put a post on the same day under the same labels.
 */

export const PLAN_EXPORT_FORMATS = ["pdf", "xlsx"] as const;
export type PlanExportFormat = (typeof PLAN_EXPORT_FORMATS)[number];

export const planExportMessages = {
  notReady: "O planejamento ainda não foi gerado: não há o que exportar.",
  pdf: "PDF para o cliente",
  pdfHint: "Capa, insights, pilares, calendário e posts",
  xlsx: "Planilha XLSX",
  xlsxHint: "Um post por linha, com todos os campos",
} as const;

/** The fields of a plan an export reads (a PlanDetail has them all). */
export type ExportablePlan = {
  cliente: { name: string } | null;
  mes_referencia: string;
  ano_referencia: string;
  status: string;
  content: PlanContent;
};

export type DatedPost = {
  post: PlanPost;
  /** The week's label as the plan names it ('Semana 1 (01/11 a 07/11)'). */
  week: string;
  /** 1-based position of the week in the plan. */
  weekNumber: number;
  /** The day the post goes on, 'yyyy-mm-dd', always inside the plan's month. */
  day: string;
  /** False when the plan suggested no day (or one outside its month) and the week's first day stands in. */
  suggested: boolean;
};

const inMonth = (day: string | null | undefined, prefix: string): day is string =>
  typeof day === "string" && day.startsWith(prefix);

/**
 * Every post with its day: `data_sugerida` when it falls in the plan's month,
 * else the week's own first day in the month, else the first day of the month's
 * week at the same position (older plans and automations send no dates; a plan
 * with more weeks than the month puts the extra ones on its last week).
 */
export function datedPosts(
  plan: Pick<ExportablePlan, "mes_referencia" | "ano_referencia"> & {
    content: Pick<PlanContent, "calendario_editorial">;
  },
) {
  const year = Number(plan.ano_referencia);
  const month = Number(plan.mes_referencia);
  const prefix = `${plan.ano_referencia}-${plan.mes_referencia}-`;
  const monthWeeks = weeksOfMonth(year, month);
  const posts: DatedPost[] = [];
  plan.content.calendario_editorial.semanas.forEach((week, index) => {
    const fallback = inMonth(week.data_inicio, prefix)
      ? week.data_inicio
      : (monthWeeks[Math.min(index, monthWeeks.length - 1)]?.inicio ?? `${prefix}01`);
    for (const post of week.posts) {
      const suggested = inMonth(post.data_sugerida, prefix);
      posts.push({
        post,
        week: week.semana,
        weekNumber: index + 1,
        day: suggested ? post.data_sugerida! : fallback,
        suggested,
      });
    }
  });
  return posts;
}

/** The month as calendar rows of seven days, Sunday first; days of other months are null. */
export function monthGrid(year: number, month: number): (string | null)[][] {
  return weeksOfMonth(year, month).map((week) => {
    const row: (string | null)[] = Array(7).fill(null);
    for (let day = week.inicio; day <= week.fim; day = addDays(day, 1)) row[dayOfWeek(day)] = day;
    return row;
  });
}

/** 'sábado': the post's day of the week, as the plan's texts name it. */
export const postWeekday = (item: DatedPost) => weekdayName(item.day);

export const WEEKDAY_HEADERS = ["Dom", "Seg", "Ter", "Qua", "Qui", "Sex", "Sáb"] as const;

/** '2026-11-07' → '07/11/2026'. */
export const brazilianDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** 'Novembro de 2026'. */
export const planMonthLabel = (plan: Pick<ExportablePlan, "mes_referencia" | "ano_referencia">) =>
  `${monthName(plan.mes_referencia)} de ${plan.ano_referencia}`;

export const planClientName = (plan: Pick<ExportablePlan, "cliente">) =>
  plan.cliente?.name.trim() || planMessages.clientMissing;

/** One column of the posts' spreadsheet (and the fields each post shows in the PDF). */
export type PostColumn = {
  header: string;
  /** Excel's character widths. */
  width: number;
  type: "text" | "date" | "number";
  value: (item: DatedPost) => string | number;
};

/** Every field of a post, under the viewer's labels, after the week and the day. */
export const POST_COLUMNS: readonly PostColumn[] = [
  { header: "Semana", width: 12, type: "number", value: (i) => i.weekNumber },
  { header: "Período da semana", width: 26, type: "text", value: (i) => i.week },
  { header: "Data", width: 12, type: "date", value: (i) => i.day },
  { header: "Dia da semana", width: 15, type: "text", value: postWeekday },
  {
    header: "Data sugerida pelo plano",
    width: 16,
    type: "text",
    value: (i) => (i.suggested ? "Sim" : "Não (início da semana)"),
  },
  { header: "Canal", width: 14, type: "text", value: (i) => i.post.canal },
  { header: "Tipo de Post", width: 16, type: "text", value: (i) => i.post.tipo_post },
  { header: "Título/Headline", width: 40, type: "text", value: (i) => i.post.titulo },
  { header: "CTA", width: 28, type: "text", value: (i) => i.post.cta },
  { header: "Descrição", width: 60, type: "text", value: (i) => i.post.descricao_completa },
  { header: "Meta primária", width: 22, type: "text", value: (i) => i.post.meta_primaria },
  { header: "KPI", width: 22, type: "text", value: (i) => i.post.kpi },
  { header: "Gancho/Data", width: 28, type: "text", value: (i) => i.post.gancho },
  { header: "Produção", width: 50, type: "text", value: (i) => i.post.observacoes_producao },
  { header: "Teste A/B", width: 30, type: "text", value: (i) => i.post.ab_test },
  {
    header: "Tarefa no Bitrix24",
    width: 18,
    type: "text",
    value: (i) => (i.post.bitrix_created ? (i.post.bitrix_task_id ?? "Criada") : ""),
  },
];

/** 'Planejamento Padaria Pão Quente 2026-11.pdf': the client's name as typed; the header helper cleans it. */
export function planExportFileName(plan: ExportablePlan, format: PlanExportFormat): string {
  const client = planClientName(plan)
    .replace(/[\\/:*?"<>|]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return `Planejamento ${client} ${plan.ano_referencia}-${plan.mes_referencia}.${format}`;
}

/** The address of an export, as the viewer's menu links to it. */
export const planExportPath = (planId: string, format: PlanExportFormat) =>
  `/api/planejamentos/${encodeURIComponent(planId)}/exportar.${format}`;
