import { VagasPage } from "@/web/features/vagas/components/vagas-page";

/** Spec §2 /vagas (allow-listed staff only; the route sits under RequireAccess). */
export default function VagasRoute() {
  return <VagasPage />;
}
