import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import type { Plugin } from "vite";

/**
 * Brotli (at its best, 11) and gzip copies of every built file worth it, made once here so that
 * the server sends them as they are (@fastify/static `preCompressed`, src/server/web-serving)
 * instead of compressing per request (decision 021). Source maps are left alone (only DevTools
 * fetch them), and so is a copy that saves no more than the two headers it adds (about 45 bytes:
 * Content-Encoding and Vary), whatever the file's size: the bundler's 726-byte runtime goes
 * out in 382 bytes of brotli. Off with BALCAO_PRECOMPRESS=off.
 */
const ENCODING_HEADERS_BYTES = "content-encoding: br\r\nvary: accept-encoding\r\n".length;
export function precompress(): Plugin {
  const worth = /\.(js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;
  let outDir = "";
  return {
    name: "balcao:precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const files = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? files(file) : [file];
        });
      for (const file of files(outDir).filter((f) => worth.test(f))) {
        const raw = readFileSync(file);
        const br = zlib.brotliCompressSync(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
        const gz = zlib.gzipSync(raw, { level: 9 });
        if (br.length + ENCODING_HEADERS_BYTES < raw.length) writeFileSync(`${file}.br`, br);
        if (gz.length + ENCODING_HEADERS_BYTES < raw.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}
