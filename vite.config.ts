import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import { defineConfig } from "vitest/config";
import { firstPages as firstPagesBuild } from "./build/vite-plugins/first-pages.ts";
import { precompress } from "./build/vite-plugins/precompress.ts";
import { switchedOn } from "./build/vite-plugins/switches.ts";
import { LongFilesFirst } from "./build/vitest/long-files-first.ts";
import { installable } from "./src/web/pwa/manifest.ts";

const firstPages = switchedOn("BALCAO_FIRST_PAGES")
  ? firstPagesBuild(path.resolve(import.meta.dirname, "src"))
  : null;
const precompressed = switchedOn("BALCAO_PRECOMPRESS");
const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: "src/web",
  publicDir: path.resolve(import.meta.dirname, "src/web/public"),
  // The build's performance machinery, each behind its off switch (build/vite-plugins/switches.ts,
  // docs/bench.md): precompress last, so that it compresses what the others wrote.
  plugins: [
    react(),
    tailwindcss(),
    ...(firstPages?.plugins ?? []),
    // The manifest and the service worker (src/web/pwa, decision 062): after the first pages, whose
    // login.html and home.html it must see to leave them out, and before precompress.
    VitePWA(installable),
    ...(precompressed ? [precompress()] : []),
  ],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  build: {
    outDir: path.resolve(import.meta.dirname, "dist/web"),
    emptyOutDir: true,
    sourcemap: true,
    // Every browser we serve follows <link rel="modulepreload"> (Chrome 66, Safari 17, Firefox
    // 115); one without it loads the same scripts a little later. Its polyfill, in the main
    // script, was a kilobyte on every first page.
    modulePreload: { polyfill: false },
    rolldownOptions: firstPages
      ? {
          output: {
            codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: firstPages.chunking }] },
          },
        }
      : {},
  },
  server: {
    port: 5173,
    proxy: { "/api": apiTarget, "/healthz": apiTarget, "/readyz": apiTarget },
  },
  test: {
    root: import.meta.dirname,
    // Two cores here, and a third worker: with PostgreSQL a worker waits on the server's processes
    // (a fifth of the cores idle with two; decision 069). Each API file holds a PGlite (~150 MB).
    maxWorkers: 3,
    testTimeout: 20_000,
    sequence: { sequencer: LongFilesFirst },
    hookTimeout: 60_000,
    // Vitest runs a project's globalSetup only when the run has files of that project: the
    // domain's and the web's tests (component tests among them, in happy-dom by their docblock)
    // need no database, so they do not wait for the migrated PGlite the server's tests load.
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          include: ["src/server/**/*.test.{ts,tsx}"],
          // Each file builds its own app on its own database; the modules (the app's whole code,
          // better-auth, drizzle) are imported once per worker instead of once per file, which
          // was a third of the suite's time.
          isolate: false,
          globalSetup: ["src/server/testing/global-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "domain-web",
          include: ["src/*.test.ts", "src/{domain,web}/**/*.test.{ts,tsx}"],
          isolate: false,
        },
      },
    ],
  },
});
