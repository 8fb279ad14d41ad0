/**
 * Runs a command (Playwright, the bench) with CHROMIUM_PATH pointing at a browser,
 * found or provided by resolveChromium, and says in one line which one it took.
 *   tsx scripts/with-chromium.ts playwright test [args…]
 */
import { spawn } from "node:child_process";
import { resolveChromium } from "../e2e/chromium";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: tsx scripts/with-chromium.ts <command> [args…]");
  process.exit(2);
}

const chromium = await resolveChromium().catch((err: Error) => {
  console.error(`No browser for the end-to-end tests: ${err.message}`);
  process.exit(1);
});
console.log(`Browser: ${chromium.path} (${chromium.source})`);

const child = spawn(command, args, {
  stdio: "inherit",
  env: { ...process.env, CHROMIUM_PATH: chromium.path },
  shell: process.platform === "win32",
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
