import { SuporteForm } from "@/web/features/requests/components/suporte-form";
import { useMe } from "@/web/lib/get-me";

/** Spec §2 /suporte. */
export default function SuporteRoute() {
  const { data } = useMe();
  if (!data) return null;
  return <SuporteForm user={data.user} />;
}
