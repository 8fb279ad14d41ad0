import { useParams } from "react-router";
import { RequestDetailView } from "@/web/features/requests/components/request-detail";

/** One request of the signed-in user; another user's or an unknown one is 'Solicitação não encontrada'. */
export default function SolicitacaoRoute() {
  const { tipo = "", id = "" } = useParams();
  return <RequestDetailView key={`${tipo}/${id}`} tipo={tipo} id={id} />;
}
