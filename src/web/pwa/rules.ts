/*
 * What the service worker (sw.ts) does with each request, as data a test reads (rules.test.ts) and
 * the build applies to its precache list (vite.config.ts). docs/decisions/062-installable-app.md.
 *
 * The worker stores only the build's own files: the app shell (index.html), the hashed scripts,
 * style sheets and fonts, the icons and the manifest, listed at build time. It stores nothing at
 * run time, so no answer that depends on who asks (the API, a file, an export, a calendar feed, the
 * home page the server draws for a signed-in person) can ever be in a cache.
 */

/** The page a navigation falls back to without a connection: the app, which then decides. */
export const SHELL = "/index.html";

/** Requests the worker never answers from a cache, nor stores: the browser asks the server. */
export const NEVER_CACHED: readonly { pattern: RegExp; what: string }[] = [
  // Every API answer, attachments and exports included (/api/anexos/:id, /api/anexos/:id/download,
  // /api/caixa/exportar.csv, /api/planejamentos/…/exportar.pdf), sign-in, the live stream, /api/docs.
  { pattern: /^\/api(\/|$)/, what: "the API, its files and exports" },
  // 'Assinar calendário': secret addresses, each person's own (src/domain/absences/feed-api.ts).
  { pattern: /^\/calendario\//, what: "the calendar feeds" },
  { pattern: /^\/(healthz|readyz|metrics)$/, what: "health and metrics" },
  // The worker itself: the browser checks it for a new version, past any worker.
  { pattern: /^\/sw\.js$/, what: "the worker" },
  // The two first pages as the server sends them (src/server/web-serving/first-pages.ts): / drawn
  // for one signed-in person, /login for a signed-out one; fetched by the server for each visit.
  { pattern: /^\/(home|login)\.html$/, what: "the first pages' HTML" },
];

export type Treatment =
  /** Not the worker's: the browser asks the server as if there were no worker. */
  | "network"
  /** A page: the server's answer (never stored); without a connection, the cached shell. */
  | "page"
  /** The build's file from the precache when listed there; otherwise the server's, not stored. */
  | "precache";

export type RequestLike = { url: string; method: string; mode: RequestMode | string };

export function neverCached(pathname: string): boolean {
  return NEVER_CACHED.some(({ pattern }) => pattern.test(pathname));
}

/** What the worker does with `request`, served from `origin`. */
export function treatmentOf(request: RequestLike, origin: string): Treatment {
  if (request.method !== "GET") return "network";
  const url = new URL(request.url, origin);
  if (url.origin !== origin) return "network";
  if (neverCached(url.pathname)) return "network";
  if (request.mode === "navigate") {
    // A file opened in a tab (a download, /sw.js) is not a page of the app: the server's rule too
    // (src/server/http/error-handler.ts registerNotFound).
    return /\.[a-z0-9]+$/i.test(url.pathname) && url.pathname !== SHELL ? "network" : "page";
  }
  return "precache";
}

/**
 * The largest built file worth precaching. Above it are the chunks loaded only for a rare file
 * (heic-to's 3 MB, for an iPhone's HEIC photo): every phone would download them at each release
 * for the few that need them, who get them from the network when they do.
 */
export const PRECACHE_MAX_BYTES = 1024 * 1024;

/**
 * Whether a built file (its path under dist/web, as workbox-build lists it, and its size) may be
 * precached: nothing the rules above keep from caches, no source map (only DevTools read them),
 * nothing over PRECACHE_MAX_BYTES.
 */
export function precachable(file: string, size: number): boolean {
  const pathname = `/${file.replace(/^\/+/, "")}`;
  return !neverCached(pathname) && !pathname.endsWith(".map") && size <= PRECACHE_MAX_BYTES;
}
