import { PlansListPage } from "@/web/features/planning/components/plans-list-page";

/** Spec §2 /planejamento/lista: the signed-in user's plans (allow-listed staff only). */
export default function PlanejamentoListaRoute() {
  return <PlansListPage />;
}
