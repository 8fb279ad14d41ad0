import type { Option } from "../../options";

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
