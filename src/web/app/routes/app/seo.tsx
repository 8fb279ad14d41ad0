import { SeoForm } from "@/web/features/requests/components/seo-form";

/** Spec §2 /seo. */
export default function SeoRoute() {
  return <SeoForm />;
}
