import { useEffect } from "react";
import { useParams } from "react-router";
import { toasterReady } from "@/web/components/ui/lazy-toaster";
import { PlanViewerPage } from "@/web/features/planning/components/plan-viewer-page";

/** Spec §2 /planejamento/visualizar/{id}; without an id the router sends the user to /planejamento. */
export default function PlanejamentoVisualizarRoute() {
  const { id = "" } = useParams();
  // A save that conflicts toasts through sonner itself (features/planning notify-conflict.ts),
  // not through lib/notify: the toaster must be listening before it can happen.
  useEffect(() => {
    void toasterReady();
  }, []);
  // A new id is a new plan: no edit state carries over.
  return <PlanViewerPage key={id} id={id} />;
}
