import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { LivenessSchema, ReadinessSchema } from "@/domain/system/api";
import { requestContext } from "../../http/request-context";
import type { SystemService } from "./system.service";

const tags = ["Sistema"];

export async function systemRoutes(app: FastifyInstance, options: { service: SystemService }) {
  const { service } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/healthz",
    { schema: { tags, summary: "Liveness: the process answers", response: { 200: LivenessSchema } } },
    async () => ({ status: "ok" as const }),
  );

  r.get(
    "/readyz",
    {
      schema: {
        tags,
        summary: "Readiness: 200 when the database answers, 503 when it does not",
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (request, reply) => {
      const readiness = await service.readiness(requestContext(request));
      return reply.status(readiness.status === "ok" ? 200 : 503).send(readiness);
    },
  );
}
