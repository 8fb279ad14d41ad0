import { z } from "zod";
import { REQUEST_KINDS } from "../requests/kinds";

/*
 * The service levels' HTTP contract (decision 014): administrators read and set
 * each kind's target under /api/admin/prazos.
 */

export const ServiceLevelSchema = z.object({
  tipo: z.enum(REQUEST_KINDS),
  /** Business hours; null: the kind has no target. */
  metaHoras: z.number().int().nullable(),
});
export type ServiceLevel = z.infer<typeof ServiceLevelSchema>;

export const ServiceLevelsSchema = z.object({ items: z.array(ServiceLevelSchema) });
export type ServiceLevels = z.infer<typeof ServiceLevelsSchema>;

export const ServiceLevelParamsSchema = z.object({ tipo: z.enum(REQUEST_KINDS) });
