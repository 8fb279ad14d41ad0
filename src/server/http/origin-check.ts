import type { FastifyInstance } from "fastify";
import { AppError } from "./errors";

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The origins a browser may send state-changing requests from: PUBLIC_URL, and its loopback twins. */
export function trustedOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  const origins = [url.origin];
  if (["localhost", "127.0.0.1", "[::1]"].includes(url.hostname)) {
    for (const host of ["localhost", "127.0.0.1", "[::1]"])
      origins.push(`${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`);
  }
  return [...new Set(origins)];
}

/*
 * Defence in depth against cross-site requests: cookies are SameSite=Lax and the
 * API takes only JSON objects, and on top of that a browser's Origin, when sent,
 * must be ours. Clients that send no Origin (curl, server-to-server) are unaffected.
 */
export function registerOriginCheck(app: FastifyInstance, origins: string[]) {
  const allowed = new Set(origins);
  app.addHook("onRequest", (request, _reply, done) => {
    const origin = request.headers.origin;
    if (!UNSAFE.has(request.method) || !request.url.startsWith("/api/")) return done();
    if (origin === undefined || allowed.has(origin)) return done();
    request.log.warn({ origin }, "request refused: foreign origin");
    done(
      new AppError(403, "FOREIGN_ORIGIN", {
        title: "Origem não permitida",
        description: "Esta ação só pode ser feita a partir do próprio Balcão.",
      }),
    );
  });
}
