import type { PlanContent } from "./plan-content.schema";
import type { PlanRequestInput } from "./plan-request.schema";

/**
 * Spec §4 Content plan status: gerado, editado, aprovado. 'gerando' and
 * 'falhou' are ours: a plan exists from the moment it is requested, so the
 * viewer can show it waiting for its generator, or failed with a retry.
 */
export const PLAN_STATUSES = ["gerando", "falhou", "gerado", "editado", "aprovado"] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** Spec §4: the three labels; other values are shown raw (ours for gerando and falhou). */
export function planStatusLabel(status: string): string {
  switch (status) {
    case "gerado":
      return "Gerado";
    case "editado":
      return "Editado";
    case "aprovado":
      return "Aprovado";
    case "gerando":
      return "Gerando…";
    case "falhou":
      return "Falha na geração";
    default:
      return status;
  }
}

/** Which generator made the plan: the built-in one, or the automation at PLAN_GENERATOR_URL. */
export type PlanGenerator = "interno" | "automacao";

export const generatorLabel: Record<PlanGenerator, string> = {
  interno: "Gerado pelo gerador interno do Balcão",
  automacao: "Gerado pela automação de planejamento",
};

/** One card of /planejamento/lista (GET /api/planejamentos). */
export type PlanSummary = {
  id: string;
  cliente_nome: string | null;
  mes_referencia: string;
  ano_referencia: string;
  status: PlanStatus | string;
  created_at: string;
  insights_count: number;
  has_calendar: boolean;
};

/** GET /api/planejamentos/:id. Content is null until the generator delivers it. */
export type PlanDetail = {
  id: string;
  cliente: { id: string; name: string } | null;
  mes_referencia: string;
  ano_referencia: string;
  status: PlanStatus | string;
  gerador: PlanGenerator;
  /** Why the last generation failed (status falhou), in Portuguese. */
  erro_geracao: string | null;
  created_at: string;
  updated_at: string;
  /** Optimistic concurrency: a save or approval sends the version it was based on. */
  version: number;
  /** Whether 'Criar Tarefa' calls Bitrix24 (false: the 'Em desenvolvimento' toast). */
  bitrix_enabled: boolean;
  solicitacao: PlanRequestInput;
  content: PlanContent | null;
};

/** PUT /api/planejamentos/:id body. */
export type PlanSaveBody = { version: number; content: PlanContent };
/** POST /api/planejamentos/:id/aprovar body. */
export type PlanApproveBody = { version: number };
/** POST /api/planejamentos answer (spec §7: success and planejamento_id). */
export type PlanCreated = { success: true; planejamento_id: string; status: PlanStatus };
/** POST /api/planejamentos/:id/posts/:postId/tarefa answer. */
export type TaskResult =
  | { status: "created"; bitrix_task_id: string }
  | { status: "not_configured"; message: string };
