import { cancel, SENT_BACK, take, type Workflow } from "../../workflow";

/** A ticket: support requests. */
export const TICKET_WORKFLOW: Workflow = {
  name: "atendimento",
  working: "em_atendimento",
  transitions: [
    take(["pendente", "em_atendimento", "aguardando_solicitante"], "em_atendimento"),
    {
      action: "pedir_informacao",
      from: ["em_atendimento"],
      to: "aguardando_solicitante",
      by: "reviewer",
      needsReason: true,
      label: "Aguardar solicitante",
      clears: SENT_BACK,
    },
    {
      action: "retomar",
      from: ["aguardando_solicitante"],
      to: "em_atendimento",
      by: "reviewer",
      label: "Retomar atendimento",
    },
    {
      action: "resolver",
      from: ["em_atendimento", "aguardando_solicitante"],
      to: "resolvido",
      by: "reviewer",
      label: "Resolver",
      sets: ["decision"],
    },
    {
      action: "reabrir",
      from: ["resolvido"],
      to: "em_atendimento",
      by: "requester",
      needsReason: true,
      requires: ["reopenWindow"],
      label: "Reabrir",
      clears: SENT_BACK,
    },
    cancel(["pendente"]),
  ],
  closed: ["resolvido", "cancelada"],
};
