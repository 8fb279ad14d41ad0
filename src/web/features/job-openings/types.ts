import type { JobOpeningInput } from "@/domain/job-openings/job-opening.schema";

/** One job opening as GET /api/vagas returns it (spec §3 Job opening), the creator attached. */
export type JobOpening = JobOpeningInput & {
  id: string;
  user_id: string;
  data_criacao: string;
  users: { name: string | null; email: string | null } | null;
};
