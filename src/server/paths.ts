import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The repository root, found from this file, so the same code finds `drizzle/`
 * and `dist/web/` whether it runs from src/ (tsx, tests) or from the dist/ bundle.
 */
function findProjectRoot(start: string): string {
  let dir = start;
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot(import.meta.dirname);
export const migrationsDir = path.join(projectRoot, "drizzle");
export const webDistDir = path.join(projectRoot, "dist", "web");
/** A migrated, empty PGlite data folder, built by scripts/build-server.mjs; absent when running from sources. */
export const pgliteTemplateDir = path.join(projectRoot, "dist", "pglite-template");
/** src/web/app/first-pages/prerender-home.tsx bundled for Node by scripts/build-server.mjs: the server's drawing of / (decision 027). */
export const homeRendererFile = path.join(projectRoot, "dist", "server", "render-home.js");

/** The app's version, from package.json: backups record which version wrote them. */
export function appVersion(): string {
  try {
    const text = readFileSync(path.join(projectRoot, "package.json"), "utf8");
    return String((JSON.parse(text) as { version?: unknown }).version ?? "unknown");
  } catch {
    return "unknown";
  }
}
