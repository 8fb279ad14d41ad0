import type { VitePWAOptions } from "vite-plugin-pwa";
import { precachable } from "./rules";

/*
 * vite-plugin-pwa's options (vite.config.ts): the web app manifest, and the worker (sw.ts) built
 * with its precache list (docs/decisions/062-installable-app.md). The colours are styles.css's
 * --primary and --background in hex (scripts/pwa-icons.ts prints them), the icons that script's.
 */

/** --primary: the browser's title bar and the splash of the installed app. */
export const THEME_COLOR = "#4f46e5";
/** --background: the installed app's window before the page paints. */
export const BACKGROUND_COLOR = "#f9fafc";

export const installable: Partial<VitePWAOptions> = {
  strategies: "injectManifest",
  srcDir: "pwa",
  filename: "sw.ts",
  // main.tsx registers it, after the first page (features/install).
  injectRegister: false,
  registerType: "prompt",
  // Its closeBundle first, awaited: the precompress plugin then compresses sw.js like the rest.
  integration: { closeBundleOrder: "pre" },
  // The icons are listed by the glob below, from dist/web, with the rest.
  includeManifestIcons: false,
  manifest: {
    id: "/",
    name: "Balcão",
    short_name: "Balcão",
    description: "Balcão: o portal de solicitações internas da agência.",
    lang: "pt-BR",
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "any",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: "/icons/balcao-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/balcao-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/balcao-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  },
  injectManifest: {
    // The shell, the hashed scripts and style sheets, the fonts, the icons. pdf.js's worker (an
    // .mjs of 1.4 MB, only for reading a PDF receipt) is left to the network.
    globPatterns: ["index.html", "assets/*.{js,css,woff2}", "icons/*.png"],
    globIgnores: ["**/*.map", "**/*.br", "**/*.gz"],
    // rules.ts's PRECACHE_MAX_BYTES decides what is too large, silently, instead of workbox-build.
    maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
    // Whatever the globs say, nothing rules.ts keeps from caches.
    manifestTransforms: [
      async (entries) => ({
        manifest: entries.filter((entry) => precachable(entry.url, entry.size)),
        warnings: [],
      }),
    ],
  },
};
