import { z } from "zod";

/* Liveness and readiness (for the load balancer and the orchestrator): the HTTP contract of /healthz and /readyz. */

/** `GET /healthz`: the process answers. */
export const LivenessSchema = z.object({ status: z.literal("ok") });

/** `GET /readyz`: 200 when the database answers, 503 when it does not. */
export const ReadinessSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["pglite", "postgres"]),
});
export type Readiness = z.infer<typeof ReadinessSchema>;
