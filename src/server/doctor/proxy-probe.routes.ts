import type { FastifyInstance } from "fastify";
import { validProbeToken } from "./probe-token";

/** The header `npm run doctor` signs its probe with. */
export const PROBE_HEADER = "x-balcao-doctor";
/** Under the live stream's path, so the proxy treats it as it treats /api/eventos. */
export const PROBE_PATH = "/api/eventos/diagnostico";
/** The second event comes this long after the first: a buffering proxy delivers both together. */
export const PROBE_GAP_MS = 1500;

/**
 * What the proxy does to a live stream and to the client's address
 * (docs/decisions/042): the first event at once, the second after a pause,
 * with the address the server saw and whether a forwarded header came.
 */
export async function proxyProbeRoutes(
  app: FastifyInstance,
  options: { authSecret: string; trustsProxy: boolean },
) {
  app.get(PROBE_PATH, { schema: { hide: true } }, (request, reply) => {
    const header = request.headers[PROBE_HEADER];
    if (!validProbeToken(options.authSecret, typeof header === "string" ? header : undefined)) {
      return reply.callNotFound();
    }
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      "content-type": "text/event-stream",
      "cache-control": "no-store",
      connection: "keep-alive",
      // As the live stream says it: what the proxy does to one, it does to the other.
      "x-accel-buffering": "no",
    });
    const seen = {
      ip: request.ip,
      encaminhado: request.headers["x-forwarded-for"] !== undefined,
      confiaNoProxy: options.trustsProxy,
    };
    raw.write(`event: diagnostico\ndata: ${JSON.stringify(seen)}\n\n`);
    const timer = setTimeout(() => raw.end("event: fim\ndata: {}\n\n"), PROBE_GAP_MS);
    raw.on("close", () => clearTimeout(timer));
  });
}
