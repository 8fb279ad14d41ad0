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

/** What the browser says of where a request comes from (Fetch Metadata); absent from other clients. */
const FOREIGN_SITES = new Set(["cross-site", "same-site"]);

/**
 * Whether a state-changing request may run. Cookies are SameSite=Lax, so a page on a sibling
 * subdomain is "same-site" and its forms carry the session: a browser's Origin, when sent, must
 * be ours, and a request its browser calls cross-site or same-site must name our Origin.
 * Clients that send neither header (curl, an automation's callback) are unaffected.
 */
export function originAllowed(
  headers: { origin?: string | undefined; "sec-fetch-site"?: string | string[] | undefined },
  allowed: ReadonlySet<string>,
): boolean {
  const { origin } = headers;
  if (origin !== undefined) return allowed.has(origin);
  const site = headers["sec-fetch-site"];
  return !(typeof site === "string" && FOREIGN_SITES.has(site));
}

/*
 * Every unsafe method on every path: the router decodes `/%61pi/` to `/api/`, so a test of the
 * path's spelling would let a respelt path through (docs/decisions/033).
 */
export function registerOriginCheck(app: FastifyInstance, origins: string[]) {
  const allowed = new Set(origins);
  app.addHook("onRequest", (request, _reply, done) => {
    if (!UNSAFE.has(request.method) || originAllowed(request.headers, allowed)) return done();
    request.log.warn(
      { origin: request.headers.origin, site: request.headers["sec-fetch-site"] },
      "request refused: foreign origin",
    );
    done(
      new AppError(403, "FOREIGN_ORIGIN", {
        title: "Origem não permitida",
        description: "Esta ação só pode ser feita a partir do próprio Balcão.",
      }),
    );
  });
}
