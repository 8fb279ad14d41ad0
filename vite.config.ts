import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: "src/web",
  publicDir: path.resolve(import.meta.dirname, "src/web/public"),
  plugins: [react(), tailwindcss()],
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
