import { z } from "zod";
import { isIsoDate } from "../dates";

/*
 * Spec §3 Content plan: what a generator produces and the viewer shows and
 * edits. The same schema checks the built-in generator's output, an
 * automation's answer or callback (422 with the paths that are wrong) and a
 * person's save. Bounds are ours: they keep one plan under a few hundred KB.
 */
export const planContentMessages = {
  required: "Campo obrigatório",
  tooLong: (max: number) => `Deve ter no máximo ${max} caracteres`,
  tooMany: (max: number) => `No máximo ${max} itens`,
  notText: "Deve ser um texto",
  notList: "Deve ser uma lista",
  notBoolean: "Deve ser verdadeiro ou falso",
  invalidDate: "Data inválida (use aaaa-mm-dd)",
} as const;

const TEXT_MAX = 2000;
const TITLE_MAX = 300;

/** Free text; missing or null becomes '' (an automation may leave a column out). */
const text = (max = TEXT_MAX) =>
  z
    .string({ error: planContentMessages.notText })
    .nullish()
    .transform((value) => (value ?? "").trim())
    .pipe(z.string().max(max, planContentMessages.tooLong(max)));

/** Text that must be there: a post without a title or a pillar without a name means nothing. */
const requiredText = (max = TITLE_MAX) =>
  z
    .string({ error: planContentMessages.required })
    .trim()
    .min(1, planContentMessages.required)
    .max(max, planContentMessages.tooLong(max));

const list = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item, { error: planContentMessages.notList }).max(max, planContentMessages.tooMany(max));

const isoDate = z
  .string()
  .nullish()
  .transform((value) => value || null)
  .refine((value) => value === null || isIsoDate(value), planContentMessages.invalidDate);

/**
 * An A/B test is a description of the variant ('Carrossel x Reels'); '' is none.
 * Automations often send a flag instead: true becomes 'Teste A/B'.
 */
const abTest = z
  .union([z.string(), z.boolean()], { error: planContentMessages.notText })
  .nullish()
  .transform((value) => (value === true ? "Teste A/B" : typeof value === "string" ? value.trim() : ""))
  .pipe(z.string().max(TEXT_MAX, planContentMessages.tooLong(TEXT_MAX)));

export const PlanPostSchema = z.object({
  /** Ours: a stable id so 'Criar Tarefa' knows a post across edits; the server fills it when absent. */
  id: z.string().max(64).optional(),
  canal: requiredText(),
  tipo_post: text(TITLE_MAX),
  titulo: requiredText(),
  cta: text(TITLE_MAX),
  descricao_completa: text(),
  meta_primaria: text(TITLE_MAX),
  kpi: text(TITLE_MAX),
  gancho: text(TITLE_MAX),
  observacoes_producao: text(),
  ab_test: abTest,
  /**
   * Ours: the day the post is suggested for (yyyy-mm-dd), used by the calendar, the task deadline and
   * the text. Optional so plans made before it, and automations that do not send it, stay valid.
   */
  data_sugerida: isoDate.optional().transform((value) => value ?? null),
  /** Set by the server only, from the task it created (spec §4 Editorial post task). */
  bitrix_created: z.boolean({ error: planContentMessages.notBoolean }).optional().default(false),
  bitrix_task_id: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
});
export type PlanPost = z.infer<typeof PlanPostSchema>;

export const PlanWeekSchema = z.object({
  /** The week's label ('Semana 1 (01/11 a 07/11)'); an automation may send its number. */
  semana: z
    .union([z.string(), z.number()], { error: planContentMessages.required })
    .transform((value) => String(value).trim())
    .pipe(z.string().min(1, planContentMessages.required).max(TITLE_MAX)),
  /** Ours: the week's first and last day, used for the task deadline. */
  data_inicio: isoDate.optional().transform((value) => value ?? null),
  data_fim: isoDate.optional().transform((value) => value ?? null),
  posts: list(PlanPostSchema, 60),
});
export type PlanWeek = z.infer<typeof PlanWeekSchema>;

export const PlanPillarSchema = z.object({
  pilar: requiredText(),
  loop_resumido: text(),
  objetivo: text(TITLE_MAX),
  cac_reducao: z
    .union([z.boolean(), z.literal("true"), z.literal("false")], { error: planContentMessages.notBoolean })
    .nullish()
    .transform((value) => value === true || value === "true"),
});
export type PlanPillar = z.infer<typeof PlanPillarSchema>;

export const PlanExperimentSchema = z.object({
  nome: requiredText(),
  hipotese: text(),
  metrica: text(TITLE_MAX),
  periodo: text(TITLE_MAX),
});
export type PlanExperiment = z.infer<typeof PlanExperimentSchema>;

export const PlanContentSchema = z.object({
  insights_gerais: list(requiredText(TEXT_MAX), 50),
  content_pillars: z.object({ pillars: list(PlanPillarSchema, 30) }, { error: planContentMessages.required }),
  calendario_editorial: z.object(
    { semanas: list(PlanWeekSchema, 6) },
    { error: planContentMessages.required },
  ),
  experimentos: z.object({ testes: list(PlanExperimentSchema, 30) }, { error: planContentMessages.required }),
});
export type PlanContent = z.infer<typeof PlanContentSchema>;
export type PlanContentInput = z.input<typeof PlanContentSchema>;
