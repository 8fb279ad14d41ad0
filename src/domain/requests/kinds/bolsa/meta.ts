import { defineKindMeta } from "../kind-meta";
import { SCHOLARSHIP_TYPE_OPTIONS } from "./options";

export const bolsaMeta = defineKindMeta({
  kind: "bolsa",
  label: "Bolsa de Capacitação",
  slug: "bolsa-capacitacao",
  formPath: "/bolsa-capacitacao",
  icon: "GraduationCap",
  chartColour: "#0ea5a4",
  nav: { order: 60, summary: "Peça apoio para cursos, livros, eventos e especializações" },
  payment: {
    amount: "valor",
    expenseType: "tipo",
    expenseTypeOptions: SCHOLARSHIP_TYPE_OPTIONS,
    pixKey: "chavePix",
    painelPrefix: "Bolsa: ",
  },
});
