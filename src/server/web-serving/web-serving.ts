import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { Seams } from "../seams";
import { builtHomeRenderer, type HomeRenderer, registerFirstPages } from "./first-pages";

const UNUSED_ON_IMMUTABLE = ["etag", "last-modified", "accept-ranges"] as const;

/**
 * The built web app (dist/web): its files, and the two first pages (first-pages.ts). With
 * BALCAO_COMPRESSION off the files go out as they are, not as the build's .br or .gz copies; with
 * BALCAO_FIRST_PAGES off, / and /login are index.html like any other page of the app.
 * Answers index.html for the history fallback (registerNotFound), or null before a build.
 */
export async function registerWebServing(
  app: FastifyInstance,
  options: {
    /** null: no web app (tests of the API). */
    webRoot: string | null;
    seams: Pick<Seams, "compression" | "firstPages">;
    sessionCookieName: string;
    /** Draws / for a signed-in person; else the renderer the build bundled, read from `homeRendererFile`. */
    homeRenderer: HomeRenderer | undefined;
    homeRendererFile: string;
  },
): Promise<{ indexHtml: string | null }> {
  const { webRoot, seams } = options;
  const indexFile = webRoot ? path.join(webRoot, "index.html") : null;
  const indexHtml = indexFile && existsSync(indexFile) ? readFileSync(indexFile, "utf8") : null;
  if (!webRoot || !indexHtml) return { indexHtml };

  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: true,
    // The .br and .gz copies the build made (build/vite-plugins/precompress.ts), chosen by
    // Accept-Encoding, with Vary.
    preCompressed: seams.compression,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      // Without `public`: a response to a request with no Authorization may be kept by any cache anyway.
      res.header("cache-control", hashed ? "max-age=31536000, immutable" : "no-cache");
      // A hashed file is never asked again (immutable): what a revalidation or a resumed download
      // would use is 100 bytes on each of a phone's first scripts for nothing (decision 025).
      if (hashed) for (const name of UNUSED_ON_IMMUTABLE) res.removeHeader(name);
      // The service worker (src/web/pwa, decision 062) controls every page from the root: checked
      // for a new version at each navigation (no-cache above), never kept by a proxy or the browser.
      if (/^sw\.js(\.br|\.gz)?$/.test(path.basename(filePath))) res.header("service-worker-allowed", "/");
    },
  });
  if (seams.firstPages) {
    const { homeRenderer } = options;
    registerFirstPages(app, {
      webRoot,
      indexHtml,
      sessionCookieName: options.sessionCookieName,
      loadHomeRenderer: homeRenderer ? async () => homeRenderer : builtHomeRenderer(options.homeRendererFile),
    });
  }
  return { indexHtml };
}
