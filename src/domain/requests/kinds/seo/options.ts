import type { Option } from "../../options";

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
