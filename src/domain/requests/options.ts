/*
 * The option lists of the request forms (spec §9 Option lists). `value` is what
 * is stored and sent to the webhooks; `label` is what people read. The value
 * tuples feed z.enum, and each list is checked against its tuple by type.
 */

export type Option<V extends string = string> = { readonly value: V; readonly label: string };

/** Spec §9: alimentacao, transporte, hospedagem, material (shown 'Material de Trabalho'), outros. */
export const REIMBURSEMENT_TYPE_VALUES = [
  "alimentacao",
  "transporte",
  "hospedagem",
  "material",
  "outros",
] as const;
export type ReimbursementType = (typeof REIMBURSEMENT_TYPE_VALUES)[number];
export const REIMBURSEMENT_TYPE_OPTIONS = [
  { value: "alimentacao", label: "Alimentação" },
  { value: "transporte", label: "Transporte" },
  { value: "hospedagem", label: "Hospedagem" },
  { value: "material", label: "Material de Trabalho" },
  { value: "outros", label: "Outros" },
] as const satisfies readonly Option<ReimbursementType>[];

/** Spec §9 Cost centres; §5: the default is 'geral'. */
export const COST_CENTRE_VALUES = ["geral", "ti", "comercial", "marketing", "financeiro"] as const;
export type CostCentre = (typeof COST_CENTRE_VALUES)[number];
export const DEFAULT_COST_CENTRE: CostCentre = "geral";
export const COST_CENTRE_OPTIONS = [
  { value: "geral", label: "Geral" },
  { value: "ti", label: "TI" },
  { value: "comercial", label: "Comercial" },
  { value: "marketing", label: "Marketing" },
  { value: "financeiro", label: "Financeiro" },
] as const satisfies readonly Option<CostCentre>[];

/** Spec §9 Scholarship types: the value is the label. */
export const SCHOLARSHIP_TYPE_VALUES = ["Cursos", "Livros", "Eventos", "Especialização"] as const;
export type ScholarshipType = (typeof SCHOLARSHIP_TYPE_VALUES)[number];
export const SCHOLARSHIP_TYPE_OPTIONS = [
  { value: "Cursos", label: "Cursos" },
  { value: "Livros", label: "Livros" },
  { value: "Eventos", label: "Eventos" },
  { value: "Especialização", label: "Especialização" },
] as const satisfies readonly Option<ScholarshipType>[];

/** Spec §9 Urgency (material requests). */
export const URGENCY_VALUES = ["baixa", "media", "alta", "critica"] as const;
export type Urgency = (typeof URGENCY_VALUES)[number];
export const URGENCY_OPTIONS = [
  { value: "baixa", label: "Baixa (até um mês)" },
  { value: "media", label: "Média (até uma semana)" },
  { value: "alta", label: "Alta (48 horas)" },
  { value: "critica", label: "Crítica (24 horas)" },
] as const satisfies readonly Option<Urgency>[];

/** Spec §9 Support departments: the value is the label. */
export const SUPPORT_DEPARTMENT_VALUES = [
  "RH",
  "Financeiro",
  "Performance",
  "Equipe Rocket",
  "Equipe Lead Zeppelin",
] as const;
export type SupportDepartment = (typeof SUPPORT_DEPARTMENT_VALUES)[number];
export const SUPPORT_DEPARTMENT_OPTIONS = [
  { value: "RH", label: "RH" },
  { value: "Financeiro", label: "Financeiro" },
  { value: "Performance", label: "Performance" },
  { value: "Equipe Rocket", label: "Equipe Rocket" },
  { value: "Equipe Lead Zeppelin", label: "Equipe Lead Zeppelin" },
] as const satisfies readonly Option<SupportDepartment>[];

/** Spec §9 Priorities (support requests); §2 /suporte: the default is 'media'. */
export const PRIORITY_VALUES = ["baixa", "media", "alta", "critica"] as const;
export type Priority = (typeof PRIORITY_VALUES)[number];
export const DEFAULT_PRIORITY: Priority = "media";
export const PRIORITY_OPTIONS = [
  { value: "baixa", label: "Baixa" },
  { value: "media", label: "Média" },
  { value: "alta", label: "Alta" },
  { value: "critica", label: "Crítica" },
] as const satisfies readonly Option<Priority>[];

/** Spec §9 SEO types; §2 /seo: the CRO option is shown but disabled. */
export const SEO_ANALYSIS_TYPE_VALUES = ["analise-conteudo", "analise-tecnica", "analise-cro"] as const;
export type SeoAnalysisType = (typeof SEO_ANALYSIS_TYPE_VALUES)[number];
/** The types a request may ask for: the disabled CRO analysis is refused. */
export const ENABLED_SEO_ANALYSIS_TYPE_VALUES = ["analise-conteudo", "analise-tecnica"] as const;
export type EnabledSeoAnalysisType = (typeof ENABLED_SEO_ANALYSIS_TYPE_VALUES)[number];
export const SEO_ANALYSIS_TYPE_OPTIONS = [
  { value: "analise-conteudo", label: "Análise de conteúdo" },
  { value: "analise-tecnica", label: "Análise técnica" },
  { value: "analise-cro", label: "Análise de CRO", disabled: true },
] as const satisfies readonly (Option<SeoAnalysisType> & { readonly disabled?: boolean })[];

/** The label of a value, or the value itself when the list does not know it. */
export function optionLabel(options: readonly Option[], value: string): string {
  return options.find((option) => option.value === value)?.label ?? value;
}
