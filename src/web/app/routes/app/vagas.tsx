import { JobOpeningsPage } from "@/web/features/job-openings/components/job-openings-page";

/** Spec §2 /vagas (allow-listed staff only; the route sits under RequireAccess). */
export default function VagasRoute() {
  return <JobOpeningsPage />;
}
