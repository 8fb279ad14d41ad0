import { defineKindMeta } from "../kind-meta";

export const materialMeta = defineKindMeta({
  kind: "material",
  label: "Material",
  slug: "material",
  formPath: "/material",
  icon: "Package",
  chartColour: "#f59e0b",
  nav: { order: 80, summary: "Solicite material de trabalho" },
});
