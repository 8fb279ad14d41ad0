import { PlanRequestForm } from "@/web/features/planning/components/plan-request-form";

/** Spec §2 /planejamento (allow-listed staff only; the route sits under RequireAccess). */
export default function PlanejamentoRoute() {
  return <PlanRequestForm />;
}
