import { PainelPage } from "@/web/features/painel/components/painel-page";

/** 'Painel' (decision 014): for administrators and members of a team that handles requests. */
export default function PainelRoute() {
  return <PainelPage />;
}
