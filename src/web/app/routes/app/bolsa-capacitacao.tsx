import { useMe } from "@/web/features/auth/api/get-me";
import { BolsaForm } from "@/web/features/requests/components/bolsa-form";
import { RequestFormLoading } from "@/web/features/requests/components/request-form-layout";

/** Spec §2 /bolsa-capacitacao: 'Carregando informações do usuário...' until the user is loaded. */
export default function BolsaCapacitacaoRoute() {
  const { data } = useMe();
  if (!data) return <RequestFormLoading text="Carregando informações do usuário..." />;
  return <BolsaForm user={data.user} />;
}
