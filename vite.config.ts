import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";

/**
 * Brotli (at its best, 11) and gzip copies of every built file worth it, made
 * once here so that the server sends them as they are (@fastify/static
 * `preCompressed`) instead of compressing per request (issue 13). Source maps
 * are left alone (only DevTools fetch them), and so is a copy that saves nothing.
 */
function precompress(): Plugin {
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
        if (raw.length < 1024) continue;
        const br = zlib.brotliCompressSync(raw, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        });
        const gz = zlib.gzipSync(raw, { level: 9 });
        if (br.length < raw.length) writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: "src/web",
  publicDir: path.resolve(import.meta.dirname, "src/web/public"),
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  build: {
    outDir: path.resolve(import.meta.dirname, "dist/web"),
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: { "/api": apiTarget, "/healthz": apiTarget, "/readyz": apiTarget },
  },
  test: {
    root: import.meta.dirname,
    include: ["src/**/*.test.{ts,tsx}"],
    globalSetup: ["src/server/testing/global-setup.ts"],
    // Two cores here: each API test file holds its own PGlite (about 150 MB).
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
