import { PLAN_GENERATORS, PLAN_STATUSES, type PlanGenerator, type PlanStatus } from "./plan-states";

// The states and generators live in plan-states.ts, which api.ts reads too: no cycle between the two.
export { PLAN_GENERATORS, PLAN_STATUSES, type PlanGenerator, type PlanStatus };
/** Spec §4: the three labels; other values are shown raw (ours for gerando and falhou). */
export function planStatusLabel(status: string): string {
  switch (status) {
    case "gerado":
      return "Gerado";
    case "editado":
      return "Editado";
    case "aprovado":
      return "Aprovado";
    case "aprovado_cliente":
      return "Aprovado pelo cliente";
    case "gerando":
      return "Gerando…";
    case "falhou":
      return "Falha na geração";
    default:
      return status;
  }
}

export const generatorLabel: Record<PlanGenerator, string> = {
  interno: "Gerado pelo gerador interno do Balcão",
  automacao: "Gerado pela automação de planejamento",
  llm: "Gerado por IA (modelo de linguagem)",
};

/* The planning API's types, inferred from the schemas its routes declare (api.ts). */
export type {
  PlanApproveBody,
  PlanCreated,
  PlanDetail,
  PlanSaveBody,
  PlanSummary,
  TaskResult,
} from "./api";
