import { defineKindMeta } from "../kind-meta";

export const seoMeta = defineKindMeta({
  kind: "seo",
  label: "Análise de páginas",
  slug: "seo",
  formPath: "/seo",
  icon: "SearchCheck",
  chartColour: "#64748b",
  nav: { order: 90, summary: "Peça uma análise de conteúdo ou técnica de uma página", badge: "beta" },
});
