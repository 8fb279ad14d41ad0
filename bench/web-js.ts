// The JavaScript a first visit to a page downloads: every same-origin script (and modulepreload)
// response, sized raw, as actually transferred (the encoded body Chromium received, with the
// Content-Encoding the server chose) and as gzip -9 would make it.
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, resolveChromium } from "../e2e/chromium";

export type ScriptFile = { path: string; raw: number; transferred: number; encoding: string; gzip: number };
export type PageScripts = { status: number; files: ScriptFile[] };

export async function measurePageScripts(pageUrl: string): Promise<PageScripts> {
  const origin = new URL(pageUrl).origin;
  const browser = await chromium.launch({
    executablePath: (await resolveChromium()).path,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    const pending = new Map<string, Promise<ScriptFile | null>>();

    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.origin !== origin || pending.has(url.href)) return;
      const type = response.request().resourceType();
      const contentType = response.headers()["content-type"] ?? "";
      // <link rel="modulepreload"> may be reported as "other" rather than "script".
      const isScript = type === "script" || (type === "other" && contentType.includes("javascript"));
      if (!isScript) return;
      const encoding = response.headers()["content-encoding"] ?? "identity";
      pending.set(
        url.href,
        Promise.all([response.body(), response.request().sizes()]).then(
          ([body, sizes]) => ({
            path: url.pathname,
            raw: body.length,
            transferred: sizes.responseBodySize,
            encoding,
            gzip: gzipSync(body, { level: 9 }).length,
          }),
          () => null, // redirects and aborted loads have no body
        ),
      );
    });

    const document = await page.goto(pageUrl, { waitUntil: "networkidle", timeout: 60_000 });
    const files = (await Promise.all(pending.values())).filter((f): f is ScriptFile => f !== null);
    files.sort((a, b) => b.transferred - a.transferred);
    return { status: document?.status() ?? 0, files };
  } finally {
    await browser.close();
  }
}
