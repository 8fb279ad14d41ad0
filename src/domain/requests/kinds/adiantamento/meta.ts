import { defineKindMeta } from "../kind-meta";
import { ADVANCE_PURPOSE_OPTIONS } from "./options";

/** A cash advance, paid by Financeiro like a reimbursement and then settled by its receipts (decision 067). */
export const adiantamentoMeta = defineKindMeta({
  kind: "adiantamento",
  label: "Adiantamento",
  slug: "adiantamento",
  formPath: "/adiantamento",
  icon: "Wallet",
  chartColour: "#0284c7",
  // Beside the reimbursement, its settlement's other half.
  nav: { order: 55, summary: "Peça dinheiro adiantado e preste contas com os comprovantes" },
  payment: {
    amount: "valor",
    expenseType: "finalidade",
    expenseTypeOptions: ADVANCE_PURPOSE_OPTIONS,
    expenseDate: "dataNecessaria",
    pixKey: "chavePix",
  },
  handledBy: "financeiro",
});
