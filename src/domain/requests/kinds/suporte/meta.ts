import { defineKindMeta } from "../kind-meta";
import { SUPPORT_DEPARTMENT_OPTIONS } from "./options";

export const suporteMeta = defineKindMeta({
  kind: "suporte",
  label: "Suporte",
  slug: "suporte",
  formPath: "/suporte",
  icon: "LifeBuoy",
  chartColour: "#ec4899",
  nav: { order: 120, summary: "Abra um chamado para RH, Financeiro ou as equipes" },
  routing: { field: "departamento", options: SUPPORT_DEPARTMENT_OPTIONS },
});
