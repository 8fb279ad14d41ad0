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
 *  - dist/web/home.html, for / with a session cookie.
 * Both carry <link rel="modulepreload"> for their page's chunks (`chunksByAddress`, which
 * routePreload fills), which then start with the main script instead of one round trip later,
 * once the route-preload script has come.
 */
export function firstPagesHtml(options: {
  srcDir: string;
  chunksByAddress: Record<string, string[]>;
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
      writeFileSync(path.join(outDir, "home.html"), withLinks(index, "/"));
    },
  };
}
