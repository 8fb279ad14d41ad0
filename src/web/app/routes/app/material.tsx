import { MaterialForm } from "@/web/features/requests/components/material-form";
import { useMe } from "@/web/lib/get-me";

/** Spec §2 /material. */
export default function MaterialRoute() {
  const { data } = useMe();
  if (!data) return null;
  return <MaterialForm user={data.user} />;
}
