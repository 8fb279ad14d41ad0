import type { PlanPost } from "./plan-content.schema";

/** A post with every field empty but its title, for the planning tests; `fields` sets the rest. */
export function planPost(titulo: string, fields: Partial<PlanPost> = {}): PlanPost {
  return {
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
    data_sugerida: null,
    bitrix_created: false,
    bitrix_task_id: null,
    ...fields,
  };
}
