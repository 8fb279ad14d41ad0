import { useMe } from "@/web/features/auth/api/get-me";
import { SuporteForm } from "@/web/features/requests/components/suporte-form";

/** Spec §2 /suporte. */
export default function SuporteRoute() {
  const { data } = useMe();
  if (!data) return null;
  return <SuporteForm user={data.user} />;
}
