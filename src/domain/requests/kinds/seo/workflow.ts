import { cancel, refuse, take, type Workflow } from "../../workflow";

/** An analysis with a result: page analyses. */
export const ANALYSIS_WORKFLOW: Workflow = {
  name: "analise",
  working: "em_analise",
  transitions: [
    take(["pendente", "em_analise"], "em_analise"),
    {
      action: "concluir",
      from: ["em_analise"],
      to: "concluida",
      by: "reviewer",
      requires: ["result"],
      label: "Concluir",
      file: { label: "Arquivo do resultado (opcional)" },
      sets: ["decision", "answer"],
    },
    refuse("recusada"),
    cancel(["pendente"]),
  ],
  closed: ["concluida", "recusada", "cancelada"],
};
