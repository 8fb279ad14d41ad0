import { useMe } from "@/web/features/auth/api/get-me";
import { ReembolsoForm } from "@/web/features/requests/components/reembolso-form";

/** Spec §2 /reembolso. The protected layout renders pages once `me` is known. */
export default function ReembolsoRoute() {
  const { data } = useMe();
  if (!data) return null;
  return <ReembolsoForm user={data.user} />;
}
