import { cancel, refuse, take, type Workflow } from "../../workflow";

/**
 * An absence: RH approves or refuses it, and 'Aprovado' closes it (it is on
 * the calendar, nothing more happens). Its author may call it off while it
 * waits and once approved, when plans change; it then leaves the calendar.
 */
export const ABSENCE_WORKFLOW: Workflow = {
  name: "ausencia",
  working: "em_analise",
  transitions: [
    take(["pendente", "em_analise"], "em_analise"),
    {
      action: "aprovar",
      from: ["em_analise"],
      to: "aprovado",
      by: "reviewer",
      label: "Aprovar",
      sets: ["decision"],
    },
    refuse("recusado"),
    cancel(["pendente", "em_analise", "aprovado"]),
  ],
  closed: ["aprovado", "recusado", "cancelada"],
};
