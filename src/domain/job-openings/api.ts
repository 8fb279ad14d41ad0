import { z } from "zod";
import { JOB_OPENING_DEPARTMENT_VALUES, REGIME_VALUES, SENIORITY_VALUES, WORK_MODEL_VALUES } from "./options";

/*
 * The HTTP contract of the job openings API (decision 010): the server's routes
 * declare these schemas and the web infers its types from them. The body is
 * the form's schema, JobOpeningInputSchema (job-opening.schema.ts).
 */

/** A job opening as saved (spec §3 Job opening): the answer of POST and PUT /api/vagas. */
export const SavedJobOpeningSchema = z.object({
  id: z.uuid(),
  /** Null once its creator's account is gone. */
  user_id: z.string().nullable(),
  titulo: z.string(),
  departamento: z.enum(JOB_OPENING_DEPARTMENT_VALUES),
  senioridade: z.enum(SENIORITY_VALUES),
  regime: z.enum(REGIME_VALUES),
  modelo_trabalho: z.enum(WORK_MODEL_VALUES),
  descricao: z.string(),
  atividades: z.array(z.string()),
  requisitos: z.array(z.string()),
  diferenciais: z.array(z.string()),
  beneficios: z.array(z.string()),
  data_criacao: z.string(),
});
export type SavedJobOpening = z.infer<typeof SavedJobOpeningSchema>;

/** One job opening as GET /api/vagas lists it, the creator attached (null once their account is gone). */
export const JobOpeningSchema = SavedJobOpeningSchema.extend({
  users: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type JobOpening = z.infer<typeof JobOpeningSchema>;

/** Ours: a screenful of cards and some; 'Carregar mais vagas' brings the next page. */
export const JOB_OPENINGS_PAGE_SIZE = 30;

export const JobOpeningListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(JOB_OPENINGS_PAGE_SIZE),
  cursor: z.string().max(200).optional(),
});

/** `GET /api/vagas`: one keyset page, newest first. */
export const JobOpeningsPageSchema = z.object({
  items: z.array(JobOpeningSchema),
  nextCursor: z.string().nullable(),
});
export type JobOpeningsPage = z.infer<typeof JobOpeningsPageSchema>;

export const JobOpeningParamsSchema = z.object({ id: z.uuid() });
