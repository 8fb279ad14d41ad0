import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Plugin, Rolldown } from "vite";

/** The chunks `start` imports, directly or not, with `start` itself. */
function importClosure(chunks: Rolldown.OutputChunk[], start: string[]) {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const into = new Set<string>();
  const visit = (files: string[]) => {
    for (const file of files) {
      if (into.has(file)) continue;
      into.add(file);
      visit(byFile.get(file)?.imports ?? []);
    }
  };
  visit(start);
  return into;
}

/**
 * A page's chunks are imported by the router only once the main script has arrived and run:
 * on a phone's slow network that is one more round trip (about 0.6 s on 'Slow 4G') before the
 * page can be drawn. This writes a small script, loaded `async` beside the main one, that
 * adds <link rel="modulepreload"> for the chunks of the address being opened (FIRST_PAGES, an
 * address or a route pattern such as /solicitacoes/:tipo/:id, with the chunks they import, less those index.html already preloads), so they download
 * with the first requests. A classic external script, since the Content-Security-Policy
 * (helmet's default) allows no inline script. Decision 021. It also fills `chunksByAddress`
 * for firstPagesHtml.
 */
export function routePreload(options: {
  webRoot: string;
  /** The first pages' route modules by address (first-pages.ts FIRST_PAGES). */
  pages: Record<string, string[]>;
  /** The addresses drawn without tailwind-merge. */
  classMergeFree: Set<string>;
  chunksByAddress: Record<string, string[]>;
}): Plugin {
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
        const entries = chunks.filter((c) => c.isEntry).map((c) => c.fileName);
        const preloaded = importClosure(chunks, entries);
        const map = options.chunksByAddress;
        for (const [address, modules] of Object.entries(options.pages)) {
          const own = modules.map((m) => {
            const id = path.join(options.webRoot, m);
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
          if (!options.classMergeFree.has(address)) own.push(classMerge.fileName);
          map[address] = [...importClosure(chunks, own)].filter((f) => !preloaded.has(f)).map((f) => `/${f}`);
        }
        script = preloadScript(map);
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

function preloadScript(map: Record<string, string[]>) {
  // The splash's rule (app/index.tsx shouldShowSplash): a visit that will show it marks
  // <html data-splash>, and the stylesheet then hides a prerendered page (login.html,
  // firstPagesHtml) that would otherwise be on screen before the splash.
  const splash =
    'try{var k=sessionStorage.getItem("balcao:skip-splash")==="1"}catch(e){}' +
    'if(!k&&!new URLSearchParams(location.search).has("nosplash"))document.documentElement.setAttribute("data-splash","");';
  const source =
    `(function(){${splash}var m=${JSON.stringify(map)};` +
    'var p=location.pathname.replace(/(.)\\/+$/,"$1"),f=m[p];' +
    // An address with parameters (/solicitacoes/:tipo/:id): same segments, any value where a ':' is.
    'if(!f)for(var k in m){var a=k.split("/"),b=p.split("/"),j=0;if(a.length!==b.length)continue;' +
    'while(j<a.length&&(a[j].charAt(0)===":"&&b[j]!==""||a[j]===b[j]))j++;if(j===a.length){f=m[k];break}}' +
    "if(!f)return;" +
    'for(var i=0;i<f.length;i++){var l=document.createElement("link");' +
    'l.rel="modulepreload";l.crossOrigin="";l.href=f[i];document.head.appendChild(l);}})();\n';
  const hash = createHash("sha256").update(source).digest("base64url").slice(0, 8);
  return { fileName: `assets/route-preload-${hash}.js`, source };
}
