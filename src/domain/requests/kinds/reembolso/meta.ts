import { defineKindMeta } from "../kind-meta";
import { REIMBURSEMENT_TYPE_OPTIONS } from "./options";

export const reembolsoMeta = defineKindMeta({
  kind: "reembolso",
  label: "Reembolso",
  slug: "reembolso",
  formPath: "/reembolso",
  icon: "Receipt",
  chartColour: "#5b4ee6",
  nav: { order: 50, summary: "Solicite o reembolso de despesas com comprovantes" },
  payment: {
    amount: "valor",
    expenseType: "categoria",
    expenseTypeOptions: REIMBURSEMENT_TYPE_OPTIONS,
    expenseDate: "data",
    costCentre: "centroCusto",
    pixKey: "chavePix",
  },
});
