import { ReembolsoForm } from "@/web/features/requests/components/reembolso-form";
import { useMe } from "@/web/lib/get-me";

/** Spec §2 /reembolso. The protected layout renders pages once `me` is known. */
export default function ReembolsoRoute() {
  const { data } = useMe();
  if (!data) return null;
  return <ReembolsoForm user={data.user} />;
}
