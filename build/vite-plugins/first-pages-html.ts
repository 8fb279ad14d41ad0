import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { type Plugin, runnerImport } from "vite";
import { withPrerendered } from "../../src/domain/shell/first-page.ts";

/**
 * The two first pages with what they need named in the HTML, which the server sends for their
 * address (src/server/web-serving/first-pages.ts, decision 025):
 *  - dist/web/login.html, for /login without a session cookie: /login's markup already in it
 *    (src/web/app/first-pages/prerender-login.tsx renders the real page once, here), so a phone
 *    draws the sign-in card once the HTML and the stylesheet are in, instead of after about 100 KB
 *    of scripts and the session check. The markup sits in #prerendered, beside #root: inert
 *    (nothing to type into or submit before the app runs) and hidden from assistive technology,
 *    while #root stays hidden (styles.css) until the app's login page replaces it in one commit
 *    (lib/prerendered.ts).
 *  - dist/web/home.html, for / with a session cookie, and one file for each of the other signed-in
 *    first pages (`signedIn`, decision 068), in which the server draws the page for the person.
 * The signed-in pages' files carry the stylesheet in a <style> instead of a <link> (decision 068): the
 * page the server draws in them is then painted once the HTML is in (and the route-preload script,
 * which must run first), without waiting one more round trip for the stylesheet, which on 'Slow 4G'
 * also shared the bandwidth with the page's chunks. They are sent `no-store`, so the 14 KB come
 * with each; the stylesheet's file stays cached for every other page, and login.html keeps its link.
 * Each carries <link rel="modulepreload"> for their page's chunks (`chunksByAddress`, which
 * routePreload fills), which then start with the main script instead of one round trip later,
 * once the route-preload script has come.
 */
export function firstPagesHtml(options: {
  srcDir: string;
  chunksByAddress: Record<string, string[]>;
  /** The signed-in first pages' files by address (first-pages.ts SIGNED_IN_HTML). */
  signedIn: Record<string, string>;
}): Plugin {
  let outDir = "";
  let root = "";
  return {
    name: "balcao:first-pages-html",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
      root = config.root;
    },
    // writeBundle, not closeBundle: precompress (a closeBundle hook) then compresses these too.
    async writeBundle() {
      const index = readFileSync(path.join(outDir, "index.html"), "utf8");
      const withLinks = (html: string, address: string) => {
        const chunks = options.chunksByAddress[address];
        if (!chunks) throw new Error(`firstPagesHtml: routePreload worked out no chunks for ${address}`);
        const links = chunks.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
        return html.replace("</head>", `  ${links.join("\n    ")}\n  </head>`);
      };
      const { module } = await runnerImport<typeof import("../../src/web/app/first-pages/prerender-login")>(
        path.join(root, "app/first-pages/prerender-login.tsx"),
        {
          configFile: false,
          root,
          logLevel: "error",
          resolve: { alias: { "@": options.srcDir } },
          plugins: [react()],
        },
      );
      // Without its fields' names: in a browser that ignores `inert`, submitting the drawn form
      // (a GET to /login, as a form without a script does) sends nothing typed in it.
      const markup = module.renderLoginPage().replace(/ name="[^"]*"/g, "");
      const login = withPrerendered(index, "login", markup);
      writeFileSync(path.join(outDir, "login.html"), withLinks(login, "/login"));
      const signedIn = withStylesheetInline(index, outDir);
      for (const [address, file] of Object.entries(options.signedIn))
        writeFileSync(path.join(outDir, file), withLinks(signedIn, address));
    },
  };
}

const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/;

/**
 * index.html with its one stylesheet (Tailwind's, with the fonts' `url(/assets/…)`, absolute, so
 * they resolve the same from the document) written into a <style>. helmet's Content-Security-Policy
 * allows inline styles (`style-src 'self' https: 'unsafe-inline'`), not inline scripts.
 */
function withStylesheetInline(index: string, outDir: string) {
  const link = STYLESHEET.exec(index);
  if (!link) throw new Error("firstPagesHtml: index.html has no stylesheet <link> to inline");
  const css = readFileSync(path.join(outDir, link[1]!), "utf8");
  if (css.includes("</style")) throw new Error("firstPagesHtml: the stylesheet cannot be inlined");
  // The <link> stays, `disabled` (never fetched), so that Vite's preload of a chunk that lists the
  // stylesheet among its dependencies finds it in the document and does not load it a second time.
  const kept = link[0].replace("<link ", "<link disabled ");
  return index.replace(link[0], () => `<style>${css}</style>${kept}`);
}
