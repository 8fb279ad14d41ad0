import { useParams } from "react-router";
import { ClientPlanPage } from "@/web/features/planning/components/client-page/client-plan-page";

/** A plan shared with its client (decision 020): public, signed in or not, outside the app's layout. */
export default function ClientePlanejamentoRoute() {
  const { token = "" } = useParams();
  return <ClientPlanPage key={token} token={token} />;
}
