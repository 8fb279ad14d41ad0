/**
 * The installed app's icons (docs/decisions/062-installable-app.md), drawn once from the brand mark
 * (src/web/components/logo.tsx: lucide's ConciergeBell, white on the theme's primary) and committed
 * under src/web/public/icons. Run again only when the mark or the colours change:
 *   npx tsx scripts/pwa-icons.ts
 * Chromium draws each SVG and screenshots it as a PNG; it also converts the theme's oklch colours
 * (src/web/styles.css) to the hex the manifest needs, printed for vite.config.ts.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, resolveChromium } from "../e2e/chromium";

const OUT = path.resolve(import.meta.dirname, "../src/web/public/icons");
const PRIMARY = "oklch(0.511 0.23 277)";
const BACKGROUND = "oklch(0.984 0.003 274)";

/** lucide's concierge-bell (the favicon in src/web/index.html), on a 24-unit grid. */
const BELL =
  '<g fill="none" stroke="#fff" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round">' +
  '<path d="M3 20a1 1 0 0 1-1-1v-1a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v1a1 1 0 0 1-1 1Z"/>' +
  '<path d="M20 16a8 8 0 1 0-16 0"/><path d="M12 4v4"/><path d="M10 4h4"/></g>';

/**
 * The mark at `size` px: the bell at `glyph` of the side, centred, on a tile with `radius` (a
 * fraction of the side; 0 is the full square a maskable or Apple icon needs).
 */
function svg(size: number, glyph: number, radius: number, fill: string) {
  const scale = (size * glyph) / 24;
  const offset = (size - size * glyph) / 2;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" rx="${size * radius}" fill="${fill}"/>` +
    `<g transform="translate(${offset} ${offset}) scale(${scale})">${BELL}</g></svg>`
  );
}

const ICONS = [
  // "any": the tile as the app draws it (logo.tsx's rounded-lg on size-8: a quarter of the side).
  { file: "balcao-192.png", size: 192, glyph: 0.6, radius: 0.22 },
  { file: "balcao-512.png", size: 512, glyph: 0.6, radius: 0.22 },
  // "maskable": full bleed, the bell inside the central 80 % circle every mask keeps.
  { file: "balcao-maskable-512.png", size: 512, glyph: 0.5, radius: 0 },
  // iOS rounds the corners itself and fills transparency with black.
  { file: "apple-touch-icon-180.png", size: 180, glyph: 0.58, radius: 0 },
];

const browser = await chromium.launch({
  executablePath: (await resolveChromium()).path,
  args: CHROMIUM_ARGS,
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  const hex = await page.evaluate(
    (colours) => {
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 1;
      const ctx = canvas.getContext("2d");
      if (!ctx) throw new Error("no 2d context");
      return colours.map((colour) => {
        ctx.fillStyle = colour;
        ctx.fillRect(0, 0, 1, 1);
        const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
        return `#${[r, g, b].map((v) => (v ?? 0).toString(16).padStart(2, "0")).join("")}`;
      });
    },
    [PRIMARY, BACKGROUND],
  );
  console.log(`theme_color (primary) ${hex[0]}, background_color ${hex[1]}`);
  mkdirSync(OUT, { recursive: true });
  for (const icon of ICONS) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg(icon.size, icon.glyph, icon.radius, hex[0] ?? PRIMARY)}</body></html>`,
    );
    await page.locator("svg").screenshot({ path: path.join(OUT, icon.file), omitBackground: true });
    console.log(`wrote ${path.relative(process.cwd(), path.join(OUT, icon.file))}`);
  }
} finally {
  await browser.close();
}
