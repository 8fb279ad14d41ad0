import { afterAll } from "vitest";

/**
 * For a file that draws the Toaster: sonner removes a closed toast 200 ms later, from a timer
 * whose React update reads `window`. A toast closing just before the last test ended would fire it
 * after the file's happy-dom window is gone ('window is not defined', an unhandled error that fails
 * the run), so the file waits for it while the window is still there.
 */
export function letClosingToastsFinish(): void {
  afterAll(() => new Promise((resolve) => setTimeout(resolve, 300)));
}
