import path from "node:path";
import type { Plugin, Rolldown } from "vite";
import { firstPagesChunks } from "./first-pages-chunks";
import { firstPagesHtml } from "./first-pages-html";
import { routePreload } from "./route-preload";

/**
 * The pages a tab most often opens on, by address, as the route modules that draw them
 * (src/web/app/router.tsx). routePreload() starts their chunks with the first requests.
 */
export const FIRST_PAGES: Record<string, string[]> = {
  "/login": ["app/routes/auth/root.tsx", "app/routes/auth/login.tsx"],
  "/register": ["app/routes/auth/root.tsx", "app/routes/auth/register.tsx"],
  "/": ["app/routes/app/root.tsx", "app/routes/app/home.tsx"],
};

/** The first pages drawn without tailwind-merge (router.tsx `classMerge: false`). */
export const CLASS_MERGE_FREE = new Set(["/login"]);

/**
 * What the build does for the first pages (decisions 021, 025 and 027): their chunks grouped by
 * what needs them (first-pages-chunks.ts), a script that preloads them (route-preload.ts), and
 * login.html and home.html with them named (first-pages-html.ts). Off with BALCAO_FIRST_PAGES=off:
 * the bundler's own chunks, and index.html for every page.
 */
export function firstPages(srcDir: string): {
  plugins: Plugin[];
  chunking: Rolldown.CodeSplittingNameFunction;
} {
  const webRoot = path.join(srcDir, "web");
  /** Each first page's chunks beyond the main script's, as routePreload works them out. */
  const chunksByAddress: Record<string, string[]> = {};
  return {
    plugins: [
      routePreload({ webRoot, pages: FIRST_PAGES, classMergeFree: CLASS_MERGE_FREE, chunksByAddress }),
      firstPagesHtml({ srcDir, chunksByAddress }),
    ],
    chunking: firstPagesChunks({ webRoot, pages: FIRST_PAGES }),
  };
}
