import { RequestFormLoading } from "@/web/components/form/request-form-layout";
import { BolsaForm } from "@/web/features/requests/components/bolsa-form";
import { useMe } from "@/web/lib/get-me";

/** Spec §2 /bolsa-capacitacao: 'Carregando informações do usuário...' until the user is loaded. */
export default function BolsaCapacitacaoRoute() {
  const { data } = useMe();
  if (!data) return <RequestFormLoading text="Carregando informações do usuário..." />;
  return <BolsaForm user={data.user} />;
}
