import type { Option } from "../../options";

/** Spec §9 Urgency (material requests). */
export const URGENCY_VALUES = ["baixa", "media", "alta", "critica"] as const;
export type Urgency = (typeof URGENCY_VALUES)[number];
export const URGENCY_OPTIONS = [
  { value: "baixa", label: "Baixa (até um mês)" },
  { value: "media", label: "Média (até uma semana)" },
  { value: "alta", label: "Alta (48 horas)" },
  { value: "critica", label: "Crítica (24 horas)" },
] as const satisfies readonly Option<Urgency>[];
