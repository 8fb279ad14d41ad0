import { reviewedThen, type Workflow } from "../../workflow";

/** Reviewed and delivered: work material. */
export const DELIVERY_WORKFLOW: Workflow = reviewedThen(
  "entrega",
  {},
  { action: "marcar_entregue", to: "entregue", label: "Marcar como entregue" },
);
