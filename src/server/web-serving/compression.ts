import { promisify } from "node:util";
import zlib from "node:zlib";
import type { FastifyInstance, FastifyReply } from "fastify";

/*
 * Answers built in memory (API JSON, the SPA's index.html from the history
 * fallback, errors) are compressed on the fly when the client accepts it and
 * it pays (decision 021). Streams pass untouched: the built assets are
 * compressed once at build time (build/vite-plugins/precompress.ts) and sent by
 * @fastify/static (`preCompressed`, web-serving.ts), attachments are sent as
 * stored, and the event stream at /api/eventos hijacks its reply, so it never
 * reaches this hook. Off with BALCAO_COMPRESSION=off (seams.ts).
 */

/** Below this a compressed answer saves less than the work and a packet's worth. */
export const COMPRESS_MIN_BYTES = 1024;

const COMPRESSIBLE = /^(application\/(json|javascript|xml)|text\/|image\/svg\+xml)/i;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The encoding to answer with for an Accept-Encoding header: brotli first, then gzip, else none. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const item of String(acceptEncoding).split(",")) {
    const [name, ...params] = item.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number.parseFloat(q.slice(2)) || 0 : 1);
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (allows("br")) return "br";
  if (allows("gzip")) return "gzip";
  return null;
}

/** Adds accept-encoding to Vary, keeping what is there. */
export function varyOnAcceptEncoding(reply: FastifyReply) {
  const current = reply.getHeader("vary");
  if (!current) return void reply.header("vary", "accept-encoding");
  const value = String(current);
  if (value === "*" || /(^|,)\s*accept-encoding\s*(,|$)/i.test(value)) return;
  reply.header("vary", `${value}, accept-encoding`);
}

export function registerCompression(app: FastifyInstance) {
  // A callback hook, not an async one: most answers are small and pass straight through.
  app.addHook("onSend", (request, reply, payload, done) => {
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return done(null, payload);
    if (reply.getHeader("content-encoding")) return done(null, payload);
    if (!COMPRESSIBLE.test(String(reply.getHeader("content-type") ?? ""))) return done(null, payload);
    // Whether or not this one is compressed, the answer depends on the header.
    varyOnAcceptEncoding(reply);
    const size = Buffer.byteLength(payload);
    if (size < COMPRESS_MIN_BYTES || request.method === "HEAD") return done(null, payload);
    const encoding = preferredEncoding(request.headers["accept-encoding"]);
    if (!encoding) return done(null, payload);
    // Off the event loop (zlib's thread pool); brotli at 4 is about gzip's speed and still smaller.
    const compressed =
      encoding === "br"
        ? brotli(payload, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          })
        : gzip(payload, { level: 6 });
    compressed.then(
      (body) => {
        reply.header("content-encoding", encoding);
        reply.removeHeader("content-length");
        done(null, body);
      },
      (err: Error) => done(err),
    );
  });
}
