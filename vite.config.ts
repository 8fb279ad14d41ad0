import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { type Plugin, type Rolldown, runnerImport } from "vite";
import { defineConfig } from "vitest/config";
import { withPrerendered } from "./src/domain/shell/first-page.ts";

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

/**
 * The pages a tab most often opens on, by address, as the route modules that draw them
 * (src/web/app/router.tsx). routePreload() starts their chunks with the first requests.
 */
const FIRST_PAGES: Record<string, string[]> = {
  "/login": ["app/routes/auth/root.tsx", "app/routes/auth/login.tsx"],
  "/register": ["app/routes/auth/root.tsx", "app/routes/auth/register.tsx"],
  "/": ["app/routes/app/root.tsx", "app/routes/app/home.tsx"],
};

/**
 * Each first page's chunks beyond the main script's, as routePreload() works them out for its
 * script; firstPagesHtml() writes them into the pages the server sends for / and /login.
 */
const firstPageChunks: Record<string, string[]> = {};

/** The first pages drawn without tailwind-merge (router.tsx `classMerge: false`). */
const CLASS_MERGE_FREE = new Set(["/login"]);

/**
 * A page's chunks are imported by the router only once the main script has arrived and run:
 * on a phone's slow network that is one more round trip (about 0.6 s on 'Slow 4G') before the
 * page can be drawn. This writes a small script, loaded `async` beside the main one, that
 * adds <link rel="modulepreload"> for the chunks of the address being opened (FIRST_PAGES,
 * with the chunks they import, less those index.html already preloads), so they download
 * with the first requests. A classic external script, since the Content-Security-Policy
 * (helmet's default) allows no inline script. Decision 021.
 */
function routePreload(): Plugin {
  let script: { fileName: string; source: string } | null = null;
  let outDir = "";
  return {
    name: "balcao:route-preload",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is Rolldown.OutputChunk => c.type === "chunk");
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (start: string[], into = new Set<string>()) => {
          for (const file of start) {
            if (into.has(file)) continue;
            into.add(file);
            closure(byFile.get(file)?.imports ?? [], into);
          }
          return into;
        };
        const entries = chunks.filter((c) => c.isEntry).map((c) => c.fileName);
        const preloaded = closure(entries);
        const webRoot = path.resolve(import.meta.dirname, "src/web");
        const map = firstPageChunks;
        for (const [address, modules] of Object.entries(FIRST_PAGES)) {
          const own = modules.map((m) => {
            const id = path.join(webRoot, m);
            const chunk = chunks.find((c) => c.moduleIds.includes(id));
            if (!chunk)
              throw new Error(`routePreload: no chunk for ${m} (is it still a page of the router?)`);
            return chunk.fileName;
          });
          // Every page but /login waits for tailwind-merge too (app/lazy-page.ts, decision 025).
          const classMerge = chunks.find((c) =>
            c.moduleIds.some((id) => id.includes("/node_modules/tailwind-merge/")),
          );
          if (!classMerge) throw new Error("routePreload: no chunk holds tailwind-merge (lib/cn.ts)");
          if (!CLASS_MERGE_FREE.has(address)) own.push(classMerge.fileName);
          map[address] = [...closure(own)].filter((f) => !preloaded.has(f)).map((f) => `/${f}`);
        }
        // The splash's rule (app/index.tsx shouldShowSplash): a visit that will show it marks
        // <html data-splash>, and the stylesheet then hides a prerendered page (login.html,
        // firstPagesHtml below) that would otherwise be on screen before the splash.
        const splash =
          'try{var k=sessionStorage.getItem("balcao:skip-splash")==="1"}catch(e){}' +
          'if(!k&&!new URLSearchParams(location.search).has("nosplash"))document.documentElement.setAttribute("data-splash","");';
        const source =
          `(function(){${splash}var m=${JSON.stringify(map)};` +
          'var f=m[location.pathname.replace(/(.)\\/+$/,"$1")];if(!f)return;' +
          'for(var i=0;i<f.length;i++){var l=document.createElement("link");' +
          'l.rel="modulepreload";l.crossOrigin="";l.href=f[i];document.head.appendChild(l);}})();\n';
        const hash = createHash("sha256").update(source).digest("base64url").slice(0, 8);
        script = { fileName: `assets/route-preload-${hash}.js`, source };
        return [
          // Not async: it must have run before the first paint (the splash's mark). It is small
          // and first in <head>; the browser's preload scanner finds the rest meanwhile.
          { tag: "script", attrs: { src: `/${script.fileName}` }, injectTo: "head-prepend" },
        ];
      },
    },
    writeBundle() {
      if (script) writeFileSync(path.join(outDir, script.fileName), script.source);
    },
  };
}

/**
 * The two first pages with what they need named in the HTML, which the server sends for their
 * address (decision 025):
 *  - dist/web/login.html, for /login without a session cookie: /login's markup already in it
 *    (src/web/app/prerender-login.tsx renders the real page once, here), so a phone draws the
 *    sign-in card once the HTML and the stylesheet are in, instead of after about 100 KB of
 *    scripts and the session check. The markup sits in #prerendered, beside #root: inert
 *    (nothing to type into or submit before the app runs) and hidden from assistive technology,
 *    while #root stays hidden (styles.css) until the app's login page replaces it in one commit
 *    (lib/prerendered.ts).
 *  - dist/web/home.html, for / with a session cookie.
 * Both carry <link rel="modulepreload"> for their page's chunks, which then start with the
 * main script instead of one round trip later, once the route-preload script has come.
 */
function firstPagesHtml(): Plugin {
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
        const chunks = firstPageChunks[address];
        if (!chunks) throw new Error(`firstPagesHtml: routePreload worked out no chunks for ${address}`);
        const links = chunks.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
        return html.replace("</head>", `  ${links.join("\n    ")}\n  </head>`);
      };
      const { module } = await runnerImport<typeof import("./src/web/app/prerender-login")>(
        path.join(root, "app/prerender-login.tsx"),
        {
          configFile: false,
          root,
          logLevel: "error",
          resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
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

/**
 * The first pages' chunks, by what needs them (decision 021). Left alone, the bundler makes a
 * chunk of every set of modules the same pages share (a label, an icon, a hook): / came in 23
 * files. Over HTTP/1.1 the browser opens six connections to a host and, on a phone's network,
 * each response waits about 0.6 s, so those files took four round trips and a kilobyte of
 * headers each. Here every module the main script does not load and that /login (its layout
 * and page) imports, directly or not, goes in one chunk, those of / in another, and those
 * both import in a third. Each chunk's imports are then the main script's chunks or the
 * shared one: a page reached later that needs one of these modules loads that chunk.
 */
function firstPagesChunks(): Rolldown.CodeSplittingNameFunction {
  const webRoot = path.resolve(import.meta.dirname, "src/web");
  const barrels = new Map<string, Map<string, string>>();
  /** A package's index that re-exports its modules (lucide-react's icons, radix-ui, TanStack Query). */
  const isBarrel = (ctx: Rolldown.ChunkingContext, id: string) =>
    id.includes("/node_modules/") && (ctx.getModuleInfo(id)?.importedIds.length ?? 0) > 20;
  /** Exported name → the module it comes from, read from the barrel's text. */
  const barrelExports = (ctx: Rolldown.ChunkingContext, barrel: string) => {
    const known = barrels.get(barrel);
    if (known) return known;
    const imported = ctx.getModuleInfo(barrel)?.importedIds ?? [];
    const resolve = (spec: string) =>
      spec.startsWith(".")
        ? imported.find((i) => i === path.resolve(path.dirname(barrel), spec))
        : imported.find((i) => i.includes(`/node_modules/${spec}/`));
    const text = readFileSync(barrel, "utf8");
    const local = new Map<string, string>();
    const names = new Map<string, string>();
    const bindings = (list: string) => list.split(",").map((b) => b.trim().split(/\s+as\s+/));
    for (const [, name, spec] of text.matchAll(/import\s*\*\s*as\s+(\w+)\s+from\s*["']([^"']+)["']/g)) {
      const target = resolve(spec!);
      if (target) local.set(name!, target);
    }
    for (const [, list, spec] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
      const target = resolve(spec!);
      for (const [, as = ""] of bindings(list!).map((b) => [b[0], b.at(-1)]))
        if (target) local.set(as, target);
    }
    for (const [, list, spec] of text.matchAll(/export\s*\{([^}]*)\}(?:\s*from\s*["']([^"']+)["'])?/g)) {
      const target = spec ? resolve(spec) : undefined;
      for (const b of bindings(list!)) {
        const from = target ?? local.get(b[0]!);
        if (from) names.set(b.at(-1)!, from);
      }
    }
    barrels.set(barrel, names);
    return names;
  };
  /** The names a source file imports from a package: `import { A, B as C } from "pkg"`. */
  const namesImported = (file: string, barrel: string) => {
    const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(barrel)?.[1];
    if (!pkg || !existsSync(file)) return [];
    const text = readFileSync(file, "utf8");
    const found: string[] = [];
    const pattern = new RegExp(`import\\s*(?:type\\s*)?\\{([^}]*)\\}\\s*from\\s*["']${pkg}["']`, "g");
    for (const [whole, list] of text.matchAll(pattern)) {
      if (/^import\s*type\b/.test(whole)) continue;
      for (const b of list!.split(",")) {
        const name = b
          .trim()
          .replace(/^type\s+/, "")
          .split(/\s+as\s+/)[0];
        if (name && !b.trim().startsWith("type ")) found.push(name);
      }
    }
    return found;
  };
  /**
   * The modules `roots` import, directly or not. Through a package's index only the modules of
   * the names imported are followed, since the bundler drops the rest: following the index would
   * count every icon as used.
   */
  const reach = (ctx: Rolldown.ChunkingContext, roots: string[]) => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) {
        if (!isBarrel(ctx, next)) visit(next);
        else if (!id.includes("/node_modules/")) {
          const exported = barrelExports(ctx, next);
          for (const name of namesImported(id, next)) {
            const target = exported.get(name);
            if (target) visit(target);
          }
        }
      }
    };
    for (const root of roots) visit(path.join(webRoot, root));
    return seen;
  };
  let sets: { main: Set<string>; login: Set<string>; home: Set<string> } | null = null;
  return (id, ctx) => {
    sets ??= {
      main: reach(ctx, ["main.tsx"]),
      login: reach(ctx, FIRST_PAGES["/login"] ?? []),
      home: reach(ctx, FIRST_PAGES["/"] ?? []),
    };
    // The main script's modules, and those both first pages need, in one chunk with the bundler's runtime.
    if (sets.main.has(id) || id.includes("rolldown/runtime")) return "app";
    const login = sets.login.has(id);
    const home = sets.home.has(id);
    if (login && home) return "app";
    if (login) return "login";
    if (home) return "home";
    return null;
  };
}

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  root: "src/web",
  publicDir: path.resolve(import.meta.dirname, "src/web/public"),
  plugins: [react(), tailwindcss(), routePreload(), firstPagesHtml(), precompress()],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  build: {
    outDir: path.resolve(import.meta.dirname, "dist/web"),
    emptyOutDir: true,
    sourcemap: true,
    // Every browser we serve follows <link rel="modulepreload"> (Chrome 66, Safari 17, Firefox
    // 115); one without it loads the same scripts a little later. Its polyfill, in the main
    // script, was a kilobyte on every first page.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [{ name: firstPagesChunks() }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": apiTarget, "/healthz": apiTarget, "/readyz": apiTarget },
  },
  test: {
    root: import.meta.dirname,
    // Two cores here: each API test file holds its own PGlite (about 150 MB).
    maxWorkers: 2,
    testTimeout: 20_000,
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
          globalSetup: ["src/server/testing/global-setup.ts"],
        },
      },
      {
        extends: true,
        test: { name: "domain-web", include: ["src/*.test.ts", "src/{domain,web}/**/*.test.{ts,tsx}"] },
      },
    ],
  },
});
