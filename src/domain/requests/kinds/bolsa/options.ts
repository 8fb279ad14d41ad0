import type { Option } from "../../options";

/** Spec §9 Scholarship types: the value is the label. */
export const SCHOLARSHIP_TYPE_VALUES = ["Cursos", "Livros", "Eventos", "Especialização"] as const;
export type ScholarshipType = (typeof SCHOLARSHIP_TYPE_VALUES)[number];
export const SCHOLARSHIP_TYPE_OPTIONS = [
  { value: "Cursos", label: "Cursos" },
  { value: "Livros", label: "Livros" },
  { value: "Eventos", label: "Eventos" },
  { value: "Especialização", label: "Especialização" },
] as const satisfies readonly Option<ScholarshipType>[];
