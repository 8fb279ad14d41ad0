/* The job openings API's types, inferred from the schemas its routes declare (src/domain/job-openings/api.ts). */
export type { JobOpening, JobOpeningsPage, SavedJobOpening } from "@/domain/job-openings/api";
