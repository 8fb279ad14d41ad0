import type { FastifyInstance } from "fastify";

/*
 * helmet writes its headers for documents: a content security policy, framing,
 * COOP, the agent cluster, DNS prefetching, old IE and Adobe switches. On an
 * API answer, a script, a style sheet or a font they protect nothing, and they
 * were about 700 of every answer's 950 header bytes: on a phone's slow network
 * the four scripts of /login carried 3.8 KB of them, and every signed-in call
 * paid to write them (issue 13).
 *
 * Those answers keep what applies to them: `nosniff`, the resource policy, HSTS
 * where it is on, the referrer policy and their own caching. JSON answers get the
 * API policy OWASP recommends instead of the page's: nothing may load from them
 * (`default-src 'none'`) and nothing may frame them.
 */
const DOCUMENT_ONLY = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
] as const;

const JSON_TYPE = /^application\/(problem\+)?json\b/i;
const SUBRESOURCE_TYPE = /^(text\/css|(application|text)\/javascript|font\/)/i;

export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export function registerLeanHeaders(app: FastifyInstance) {
  app.addHook("onSend", async (_request, reply, payload) => {
    const type = String(reply.getHeader("content-type") ?? "");
    const json = JSON_TYPE.test(type);
    if (!json && !SUBRESOURCE_TYPE.test(type)) return payload;
    for (const name of DOCUMENT_ONLY) reply.removeHeader(name);
    if (json) {
      reply.header("content-security-policy", API_CSP);
      reply.header("x-frame-options", "DENY");
    }
    return payload;
  });
}
