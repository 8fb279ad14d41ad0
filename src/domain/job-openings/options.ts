import type { Option } from "../requests/options";

/*
 * Spec §9 option lists of the job-opening form. The spec gives the stored
 * values; the labels are ours, as the agency writes them.
 */
export const JOB_OPENING_DEPARTMENT_VALUES = [
  "administrativo",
  "audiovisual",
  "comercial",
  "conteudo",
  "criacao",
  "marketing",
  "performance-dados",
  "redes-sociais",
  "tecnologia",
] as const;
export const JOB_OPENING_DEPARTMENT_OPTIONS = [
  { value: "administrativo", label: "Administrativo" },
  { value: "audiovisual", label: "Audiovisual" },
  { value: "comercial", label: "Comercial" },
  { value: "conteudo", label: "Conteúdo" },
  { value: "criacao", label: "Criação" },
  { value: "marketing", label: "Marketing" },
  { value: "performance-dados", label: "Performance & Dados" },
  { value: "redes-sociais", label: "Redes Sociais" },
  { value: "tecnologia", label: "Tecnologia" },
] as const satisfies readonly Option<(typeof JOB_OPENING_DEPARTMENT_VALUES)[number]>[];

export const SENIORITY_VALUES = ["junior", "pleno", "senior", "especialista", "estagio"] as const;
export const SENIORITY_OPTIONS = [
  { value: "junior", label: "Júnior" },
  { value: "pleno", label: "Pleno" },
  { value: "senior", label: "Sênior" },
  { value: "especialista", label: "Especialista" },
  { value: "estagio", label: "Estágio" },
] as const satisfies readonly Option<(typeof SENIORITY_VALUES)[number]>[];

export const REGIME_VALUES = ["clt", "pj", "estagio", "temporario"] as const;
export const DEFAULT_REGIME = "clt";
export const REGIME_OPTIONS = [
  { value: "clt", label: "CLT" },
  { value: "pj", label: "PJ" },
  { value: "estagio", label: "Estágio" },
  { value: "temporario", label: "Temporário" },
] as const satisfies readonly Option<(typeof REGIME_VALUES)[number]>[];

export const WORK_MODEL_VALUES = ["remoto", "hibrido", "presencial"] as const;
export const DEFAULT_WORK_MODEL = "remoto";
export const WORK_MODEL_OPTIONS = [
  { value: "remoto", label: "Remoto" },
  { value: "hibrido", label: "Híbrido" },
  { value: "presencial", label: "Presencial" },
] as const satisfies readonly Option<(typeof WORK_MODEL_VALUES)[number]>[];
