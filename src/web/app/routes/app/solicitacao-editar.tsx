import { useParams } from "react-router";
import { RequestEditView } from "@/web/features/requests/components/request-edit";

/** 'Editar e reenviar' (decision 011): the requester's own request, while the team awaits an adjustment. */
export default function SolicitacaoEditarRoute() {
  const { tipo = "", id = "" } = useParams();
  return <RequestEditView key={`${tipo}/${id}`} tipo={tipo} id={id} />;
}
