import { useMe } from "@/web/features/auth/api/get-me";
import { MaterialForm } from "@/web/features/requests/components/material-form";

/** Spec §2 /material. */
export default function MaterialRoute() {
  const { data } = useMe();
  if (!data) return null;
  return <MaterialForm user={data.user} />;
}
