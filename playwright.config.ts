import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./e2e/chromium";

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: false,
  // Three on the two cores: a walk waits on its server and on Chromium's other processes, and with two
  // the machine sat idle a twelfth of the run (121 walks: 602 s with two, 520 s with three; decision 069).
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  // Every test usually takes under 25 s on a quiet 2-core machine (long flows are split into focused
  // tests with their own setup through the API), so this leaves more than 2× for a loaded one.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: ".e2e/results",
  use: {
    ...devices["Desktop Chrome"],
    viewport: { width: 1280, height: 800 },
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // No service worker (decision 062) but in e2e/pwa.spec.ts: one per test would download the
    // whole precache list each time, and a worker's own fetches are not seen by page.route.
    serviceWorkers: "block",
    // A trace costs a quarter of a walk's time (the screencast, a snapshot per action; decision 069):
    // CI records one for a retried walk only; locally, `--trace on` records them.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
});
