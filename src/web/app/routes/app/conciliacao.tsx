import { ReconcilePage } from "@/web/features/finance/components/reconcile-page";

/** 'Conciliar extrato' (docs/decisions/059): Finance's; the server refuses anyone else. */
export default function ReconcileRoute() {
  return <ReconcilePage />;
}
