import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/*
 * helmet's headers, worked out once at start. @fastify/helmet built helmet's
 * middleware anew on every request (its policy parsed each time) and wrote
 * every header before the route had run; on a cached signed-in call that was
 * a tenth of the server's time (decision 026). helmet's own values depend only on
 * its options, so they are taken from it once, by running its middleware
 * against a recorder, and each answer gets its set in one hook.
 *
 * helmet writes them for documents: a content security policy, framing, COOP,
 * the agent cluster, DNS prefetching, old IE and Adobe switches. On an API
 * answer, a script, a style sheet or a font they protect nothing, and they
 * were about 700 of every answer's 950 header bytes: on a phone's slow network
 * the four scripts of /login carried 3.8 KB of them. Those answers keep what
 * applies to them: `nosniff`, the resource policy and HSTS where it is on. A
 * script's or a style sheet's own referrer policy would only govern what it
 * fetches, and without one it is the page's (the same `no-referrer`), so they
 * go without (decision 025). JSON answers get the API policy OWASP recommends instead of
 * the page's: nothing may load from them (`default-src 'none'`) and nothing
 * may frame them.
 *
 * A header the route set itself (an attachment preview's policy, a page's
 * referrer rule) is kept.
 */
const DOCUMENT_ONLY = new Set([
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
]);

const JSON_TYPE = /^application\/(problem\+)?json\b/i;
const SUBRESOURCE_TYPE = /^(text\/css|(application|text)\/javascript|font\/)/i;

export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

type HeaderSet = Readonly<Record<string, string>>;

export type SecurityHeaders = {
  /** A page, and anything that is neither JSON nor a subresource (a download, an image). */
  document: HeaderSet;
  /** JSON answers, and the event stream. */
  api: HeaderSet;
  /** Scripts, style sheets and fonts. */
  subresource: HeaderSet;
};

/** The headers helmet's middleware writes with these options, by running it once against a recorder. */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

export function securityHeaders(options: Readonly<HelmetOptions>): SecurityHeaders {
  const document = helmetHeaders(options);
  const answer = Object.fromEntries(Object.entries(document).filter(([name]) => !DOCUMENT_ONLY.has(name)));
  const { "referrer-policy": _page, ...subresource } = answer;
  const api = { ...answer, "content-security-policy": API_CSP, "x-frame-options": "DENY" };
  return { document, api, subresource };
}

declare module "fastify" {
  interface FastifyInstance {
    securityHeaders: SecurityHeaders;
  }
}

export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>) {
  const sets = securityHeaders(options);
  app.decorate("securityHeaders", sets);
  // A callback hook, not an async one: it runs on every answer and has nothing to wait for.
  app.addHook("onSend", (_request, reply, payload, done) => {
    const type = reply.getHeader("content-type");
    const set =
      typeof type !== "string"
        ? sets.document
        : JSON_TYPE.test(type)
          ? sets.api
          : SUBRESOURCE_TYPE.test(type)
            ? sets.subresource
            : sets.document;
    for (const name in set) if (!reply.hasHeader(name)) reply.header(name, set[name]);
    done(null, payload);
  });
}
