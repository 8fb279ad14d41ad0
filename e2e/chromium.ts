import { accessSync, constants } from "node:fs";

/*
 * The browser the end-to-end tests and the bench drive. A fresh machine has none
 * installed, so `npm test` must find or provide one by itself: first
 * CHROMIUM_PATH, then a system Chromium or Chrome, then the Chromium shipped
 * inside the @sparticuz/chromium package (a devDependency), unpacked to the temp
 * directory on first use (about 2 s, 200 MB).
 */

const SYSTEM_BROWSERS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome-stable",
  "/usr/bin/google-chrome",
];

// Without the background-networking flags Chromium keeps calling out to a network that is closed here.
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export type ResolvedChromium = { path: string; source: string };

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export async function resolveChromium(env: NodeJS.ProcessEnv = process.env): Promise<ResolvedChromium> {
  const configured = env.CHROMIUM_PATH;
  if (configured) {
    if (!executable(configured)) throw new Error(`CHROMIUM_PATH=${configured} is not an executable file`);
    return { path: configured, source: "CHROMIUM_PATH" };
  }
  const system = SYSTEM_BROWSERS.find(executable);
  if (system) return { path: system, source: "the system's browser" };
  const { default: packaged } = await import("@sparticuz/chromium");
  return { path: await packaged.executablePath(), source: "the Chromium inside @sparticuz/chromium" };
}

/**
 * For Playwright's config, which cannot wait: `scripts/with-chromium.ts` resolves
 * the browser before Playwright starts and passes it down in CHROMIUM_PATH.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
