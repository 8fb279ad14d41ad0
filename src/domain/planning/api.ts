import { z } from "zod";
import { MARKET_TYPES, MONTH_VALUES, PLAN_CHANNELS, PLAN_OBJECTIVES, PLAN_TONES } from "./options";
import { type PlanContent, PlanContentSchema } from "./plan-content.schema";
import type { PlanRequestInput } from "./plan-request.schema";
import { PLAN_GENERATORS, PLAN_STATUSES } from "./plan-states";

/*
 * The HTTP contract of the planning area (decision 010): clients and content
 * plans. The server's routes declare these schemas and the web infers its
 * types from them, so an answer is shaped in one place. Inputs are the form
 * schemas (client.schema.ts, plan-request.schema.ts, plan-content.schema.ts);
 * these are what the API answers.
 */

/** A keyset page query: `limit` items after `cursor` (the `nextCursor` of the page before). */
export const pageQuerySchema = (defaultLimit: number, cursorMax = 200) =>
  z.object({
    limit: z.coerce.number().int().min(1).max(100).default(defaultLimit),
    cursor: z.string().max(cursorMax).optional(),
  });

export const IdParamsSchema = z.object({ id: z.uuid() });

// --- Clients -----------------------------------------------------------------

/** A client as the API returns it (spec §3 Client). */
export const ClientSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  segment: z.string().nullable(),
  market_type: z.enum(MARKET_TYPES).nullable(),
  voice_tone: z.string().nullable(),
  persona_brief: z.string().nullable(),
  notes: z.string().nullable(),
  website: z.string().nullable(),
  instagram_url: z.string().nullable(),
  facebook_url: z.string().nullable(),
  linkedin_url: z.string().nullable(),
  youtube_url: z.string().nullable(),
  created_at: z.string(),
});
export type Client = z.infer<typeof ClientSchema>;

/** A screenful of cards and some; 'Carregar mais clientes' brings the next page. */
export const CLIENTS_PAGE_SIZE = 30;
export const ClientListQuerySchema = pageQuerySchema(CLIENTS_PAGE_SIZE, 1000);

/** `GET /api/clients`: one keyset page, by name. */
export const ClientsPageSchema = z.object({
  items: z.array(ClientSchema),
  nextCursor: z.string().nullable(),
});
export type ClientsPage = z.infer<typeof ClientsPageSchema>;

// --- Content plans -------------------------------------------------------------

/** Three rows of cards on a wide screen, and some; 'Carregar mais planejamentos' brings the next page. */
export const PLANS_PAGE_SIZE = 30;
export const PlanListQuerySchema = pageQuerySchema(PLANS_PAGE_SIZE);

const PlanStatusSchema = z.enum(PLAN_STATUSES);

/** One card of /planejamento/lista (GET /api/planejamentos): the list reads no content. */
export const PlanSummarySchema = z.object({
  id: z.uuid(),
  cliente_nome: z.string().nullable(),
  mes_referencia: z.string(),
  ano_referencia: z.string(),
  status: PlanStatusSchema,
  created_at: z.string(),
  insights_count: z.number().int(),
  has_calendar: z.boolean(),
});
export type PlanSummary = z.infer<typeof PlanSummarySchema>;

/** `GET /api/planejamentos`: one keyset page of the user's plans, newest first. */
export const PlansPageSchema = z.object({
  items: z.array(PlanSummarySchema),
  nextCursor: z.string().nullable(),
});
export type PlansPage = z.infer<typeof PlansPageSchema>;

/*
 * A plan's request and content as stored and answered: the output of the
 * input schemas (plan-request.schema.ts, plan-content.schema.ts), written out
 * without their transforms so that answers can be checked against them; the
 * type checks below keep each one equal to its input schema's output.
 */

/** The plan's request (spec §5 Plan form), as the form's schema stored it. */
export const PlanRequestSchema = z.object({
  clienteId: z.string(),
  mesReferencia: z.enum(MONTH_VALUES),
  anoReferencia: z.string(),
  objetivoPrincipal: z.array(z.enum(PLAN_OBJECTIVES)),
  publicoAlvo: z.string().nullable(),
  canaisPlataformas: z.array(z.enum(PLAN_CHANNELS)),
  temasPilares: z.string().nullable(),
  eventosDatasComemorativas: z.string().nullable(),
  principaisProdutosServicos: z.string().nullable(),
  tomVoz: z.array(z.enum(PLAN_TONES)),
  tomVozPersonalizado: z.string().nullable(),
  observacoesAdicionais: z.string().nullable(),
});

export const PlanPostAnswerSchema = z.object({
  id: z.string().optional(),
  canal: z.string(),
  tipo_post: z.string(),
  titulo: z.string(),
  cta: z.string(),
  descricao_completa: z.string(),
  meta_primaria: z.string(),
  kpi: z.string(),
  gancho: z.string(),
  observacoes_producao: z.string(),
  ab_test: z.string(),
  data_sugerida: z.string().nullable(),
  /** From the task the server created ('Criar Tarefa'), never from what a client sent. */
  bitrix_created: z.boolean(),
  bitrix_task_id: z.string().nullable(),
});

/** Spec §3 Content plan, as the viewer shows it. */
export const PlanContentAnswerSchema = z.object({
  insights_gerais: z.array(z.string()),
  content_pillars: z.object({
    pillars: z.array(
      z.object({
        pilar: z.string(),
        loop_resumido: z.string(),
        objetivo: z.string(),
        cac_reducao: z.boolean(),
      }),
    ),
  }),
  calendario_editorial: z.object({
    semanas: z.array(
      z.object({
        semana: z.string(),
        data_inicio: z.string().nullable(),
        data_fim: z.string().nullable(),
        posts: z.array(PlanPostAnswerSchema),
      }),
    ),
  }),
  experimentos: z.object({
    testes: z.array(
      z.object({ nome: z.string(), hipotese: z.string(), metrica: z.string(), periodo: z.string() }),
    ),
  }),
});

/** `GET /api/planejamentos/:id` (and the answer of every change to a plan). Content is null until generated. */
export const PlanDetailSchema = z.object({
  id: z.uuid(),
  cliente: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  mes_referencia: z.string(),
  ano_referencia: z.string(),
  status: PlanStatusSchema,
  /** Which generator made the plan: the built-in one, the automation (PLAN_GENERATOR_URL) or the LLM (PLAN_LLM_URL). */
  gerador: z.enum(PLAN_GENERATORS),
  /** Why the last generation failed (status falhou), in Portuguese. */
  erro_geracao: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Optimistic concurrency: a save or approval sends the version it was based on. */
  version: z.number().int(),
  /** Whether 'Criar Tarefa' calls Bitrix24 (false: the 'Em desenvolvimento' toast). */
  bitrix_enabled: z.boolean(),
  solicitacao: PlanRequestSchema,
  content: PlanContentAnswerSchema.nullable(),
});
export type PlanDetail = z.infer<typeof PlanDetailSchema>;

/** `POST /api/planejamentos` (spec §7: success and planejamento_id). */
export const PlanCreatedSchema = z.object({
  success: z.literal(true),
  planejamento_id: z.uuid(),
  status: z.enum(["gerado", "gerando"]),
});
export type PlanCreated = z.infer<typeof PlanCreatedSchema>;

/** The largest version a plan can reach: the column is a PostgreSQL integer. */
const PLAN_VERSION_MAX = 2_147_483_647;

/**
 * The version a save or an approval was based on: an older one answers 409. One past any the
 * column can hold names no version, and is refused here rather than by the database.
 */
export const planVersionField = z
  .number({ error: "Versão obrigatória" })
  .int("Versão inválida")
  .min(1, "Versão inválida")
  .max(PLAN_VERSION_MAX, "Versão inválida");

/** `POST /api/planejamentos/:id/aprovar`. */
export const PlanApproveInputSchema = z.object({ version: planVersionField });
export type PlanApproveBody = z.input<typeof PlanApproveInputSchema>;

/** `PUT /api/planejamentos/:id`: the edited content, based on `version`. */
export const PlanSaveInputSchema = z.object({ version: planVersionField, content: PlanContentSchema });
export type PlanSaveBody = z.input<typeof PlanSaveInputSchema>;

export const PostParamsSchema = z.object({ id: z.uuid(), postId: z.string().max(64) });

/** `POST /api/planejamentos/:id/posts/:postId/tarefa`: the post's Bitrix24 task, or why there is none. */
export const TaskResultSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("created"), bitrix_task_id: z.string() }),
  z.object({ status: z.literal("not_configured"), message: z.string() }),
]);
export type TaskResult = z.infer<typeof TaskResultSchema>;

/** `GET /api/planejamentos/:id/exportar.pdf` and `.xlsx` (decision 019): the file's type per format. */
export const PLAN_EXPORT_CONTENT_TYPES = {
  pdf: "application/pdf",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
} as const;

/** An export's answer: the file's bytes, sent as an attachment. */
export const PlanExportFileSchema = z.string().meta({ format: "binary" });

/** The automation's callback: the plan's token, in the query (or as a Bearer token). */
export const PlanCallbackQuerySchema = z.object({ token: z.string().max(200).optional() });

/** `PUT /api/planejamentos/:id/conteudo`: the content was stored. */
export const PlanCallbackResultSchema = z.object({ success: z.literal(true), planejamento_id: z.uuid() });

// The answer schemas above must stay what the input schemas store.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameRequest: Same<z.infer<typeof PlanRequestSchema>, PlanRequestInput> = true;
const sameContent: Same<z.infer<typeof PlanContentAnswerSchema>, PlanContent> = true;
void sameRequest;
void sameContent;
