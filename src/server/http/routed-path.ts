/*
 * Fastify's router matches the path with its percent-escapes decoded: `/%61pi/x` runs the
 * route `/api/x`. A decision taken on the raw `request.url` (which headers a page gets,
 * what the log hides, API or web app) must see the same path, or a respelt path walks
 * around it (docs/decisions/033).
 */

const ESCAPES = /(?:%[0-9A-Fa-f]{2})+/g;

/** Decodes every well-formed run of percent-escapes and leaves a malformed one as it is. */
export function decodeEscapes(text: string): string {
  return text.replace(ESCAPES, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** The path the router matches: up to the query or fragment, escapes decoded. */
export function routedPath(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  // Most paths have no escape at all: asked on every answer (plan-sharing.routes.ts).
  return path.includes("%") ? decodeEscapes(path) : path;
}
