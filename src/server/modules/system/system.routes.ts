import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client";

export async function systemRoutes(app: FastifyInstance, options: { database: Database }) {
  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));

  app.get("/readyz", { schema: { hide: true } }, async (request, reply) => {
    try {
      await options.database.ping();
      return { status: "ok", database: options.database.kind };
    } catch (err) {
      request.log.error({ err }, "readiness check: database unreachable");
      return reply.status(503).send({ status: "unavailable", database: options.database.kind });
    }
  });
}
