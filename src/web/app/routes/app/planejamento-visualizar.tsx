import { useParams } from "react-router";
import { PlanViewerPage } from "@/web/features/planning/components/plan-viewer-page";

/** Spec §2 /planejamento/visualizar/{id}; without an id the router sends the user to /planejamento. */
export default function PlanejamentoVisualizarRoute() {
  const { id = "" } = useParams();
  // A new id is a new plan: no edit state carries over.
  return <PlanViewerPage key={id} id={id} />;
}
