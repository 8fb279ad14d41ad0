import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { AppError, notFound } from "../http/errors";
import type { Metrics, MetricsSources } from "./metrics";

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics in Prometheus' text format (docs/decisions/043), for the
 * scraper that sends `Authorization: Bearer <METRICS_TOKEN>`; without the
 * variable there is no such page (404), with a wrong token 401.
 */
export async function metricsRoutes(
  app: FastifyInstance,
  options: { metrics: Metrics | null; token: string | undefined },
) {
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    const { metrics, token } = options;
    if (!metrics || !token) throw notFound();
    const header = request.headers.authorization ?? "";
    if (!header.startsWith("Bearer ") || !sameToken(header.slice(7), token))
      throw new AppError(
        401,
        "UNAUTHORIZED",
        { title: "Não autorizado", description: "Envie o METRICS_TOKEN como 'Authorization: Bearer …'." },
        undefined,
        { "www-authenticate": 'Bearer realm="metrics"' },
      );
    reply.header("content-type", metrics.registry.contentType).header("cache-control", "no-store");
    return metrics.registry.metrics();
  });
}

/**
 * /metrics and, only when METRICS_TOKEN is set, the metrics and the hook that
 * times every request (docs/decisions/043): without the token, nothing runs.
 */
export async function registerMetrics(
  app: FastifyInstance,
  options: MetricsSources & { token: string | undefined },
): Promise<Metrics | null> {
  // prom-client loads only when asked for: every start without METRICS_TOKEN skips it.
  const metrics = options.token ? (await import("./metrics")).createMetrics(options) : null;
  if (metrics) {
    app.addHook("onResponse", (request, reply, done) => {
      const route = request.routeOptions.url ?? "unmatched";
      metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }
  await app.register(metricsRoutes, { metrics, token: options.token });
  return metrics;
}
