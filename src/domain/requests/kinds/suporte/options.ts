import type { Option } from "../../options";

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
