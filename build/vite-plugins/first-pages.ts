import path from "node:path";
import type { Plugin, Rolldown } from "vite";
import { firstPagesChunks } from "./first-pages-chunks";
import { firstPagesHtml } from "./first-pages-html";
import { routePreload } from "./route-preload";

/**
 * The pages a tab most often opens on, by address (a route pattern of src/web/app/router.tsx), as
 * the route modules that draw them. routePreload() starts their chunks with the first requests.
 */
export const FIRST_PAGES: Record<string, string[]> = {
  "/login": ["app/routes/auth/root.tsx", "app/routes/auth/login.tsx"],
  "/register": ["app/routes/auth/root.tsx", "app/routes/auth/register.tsx"],
  "/": ["app/routes/app/root.tsx", "app/routes/app/home.tsx"],
  // The signed-in pages a visit often opens on besides / (decision 068): a list, the queue, a request
  // (the address an e-mail or a notification links to).
  "/solicitacoes": ["app/routes/app/root.tsx", "app/routes/app/solicitacoes.tsx"],
  "/caixa": ["app/routes/app/root.tsx", "app/routes/app/caixa.tsx"],
  "/solicitacoes/:tipo/:id": ["app/routes/app/root.tsx", "app/routes/app/solicitacao.tsx"],
};

/**
 * The signed-in first pages' HTML files (firstPagesHtml), which the server sends for their address
 * with a session cookie (src/server/web-serving/first-pages.ts): home.html, and one per page of
 * decision 068, named as `FirstPageName` (src/domain/shell/first-page.ts).
 */
export const SIGNED_IN_HTML: Record<string, string> = {
  "/": "home.html",
  "/solicitacoes": "solicitacoes.html",
  "/caixa": "caixa.html",
  "/solicitacoes/:tipo/:id": "solicitacao.html",
};

/** The first pages drawn without tailwind-merge (router.tsx `classMerge: false`). */
export const CLASS_MERGE_FREE = new Set(["/login"]);

/**
 * What the build does for the first pages (decisions 021, 025, 027 and 068): their chunks grouped
 * by what needs them (first-pages-chunks.ts), a script that preloads them (route-preload.ts), and
 * login.html and the signed-in pages' HTML with them named (first-pages-html.ts). Off with
 * BALCAO_FIRST_PAGES=off: the bundler's own chunks, and index.html for every page.
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
      firstPagesHtml({ srcDir, chunksByAddress, signedIn: SIGNED_IN_HTML }),
    ],
    chunking: firstPagesChunks({ webRoot, pages: FIRST_PAGES }),
  };
}
