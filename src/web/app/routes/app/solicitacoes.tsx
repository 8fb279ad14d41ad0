import { RequestList } from "@/web/features/requests/components/request-list";

/** 'Minhas solicitações' (ours): every request of the signed-in user. */
export default function SolicitacoesRoute() {
  return <RequestList />;
}
