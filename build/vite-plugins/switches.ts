/*
 * The build's two off switches (docs/bench.md, "Seams and their off switches"), read from the
 * environment of `npm run build`: BALCAO_FIRST_PAGES (first-pages.ts: the first pages' HTML, their
 * route preload and chunks, and scripts/build-server.mjs's home renderer) and BALCAO_PRECOMPRESS
 * (precompress.ts). Unset or "on", the machinery runs; "off", the build is Vite's own.
 */
export type BuildSwitch = "BALCAO_FIRST_PAGES" | "BALCAO_PRECOMPRESS";

export function switchedOn(name: BuildSwitch, env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env[name] ?? "";
  if (value === "" || value === "on") return true;
  if (value === "off") return false;
  throw new Error(`${name} must be on or off (got ${JSON.stringify(value)})`);
}
