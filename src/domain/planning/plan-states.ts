/**
 * Spec §4 Content plan status: gerado, editado, aprovado. 'gerando' and
 * 'falhou' are ours: a plan exists from the moment it is requested, so the
 * viewer can show it waiting for its generator, or failed with a retry.
 * 'aprovado_cliente' (decision 020) follows any of the three once the client
 * approves through a shared link; an edit after it makes the plan 'editado'
 * again (decision 020).
 */
export const PLAN_STATUSES = [
  "gerando",
  "falhou",
  "gerado",
  "editado",
  "aprovado",
  "aprovado_cliente",
] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/**
 * Which generator made the plan: the built-in one, the automation at PLAN_GENERATOR_URL, or the
 * language model at PLAN_LLM_URL (decision 017: the model's name is in the server log, not the
 * label, because the plan keeps no column for it and today's setting may not be the one that wrote it).
 */
export const PLAN_GENERATORS = ["interno", "automacao", "llm"] as const;
export type PlanGenerator = (typeof PLAN_GENERATORS)[number];
