import type { FastifyInstance } from "fastify";
import type { SystemService } from "./system.service";

export async function systemRoutes(app: FastifyInstance, options: { service: SystemService }) {
  const { service } = options;

  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));

  app.get("/readyz", { schema: { hide: true } }, async (request, reply) => {
    const readiness = await service.readiness(request.log);
    return reply.status(readiness.status === "ok" ? 200 : 503).send(readiness);
  });
}
