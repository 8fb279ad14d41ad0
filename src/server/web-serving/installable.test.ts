import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { expect, it } from "vitest";
import { describeWithApp } from "../testing/test-app";

/*
 * The installable app's files as the server sends them (docs/decisions/062-installable-app.md):
 * the service worker checked at every navigation and allowed the whole site, the manifest with its
 * own type, and pages whose Content-Security-Policy lets both load. The worker's rules themselves
 * are src/web/pwa's (rules.test.ts), its behaviour in Chromium e2e/pwa.spec.ts.
 */
const webRoot = mkdtempSync(path.join(tmpdir(), "balcao-installable-"));
const worker = `self.addEventListener("fetch", () => {});\n${"// padding\n".repeat(200)}`;
writeFileSync(
  path.join(webRoot, "index.html"),
  "<html><head><title>index</title></head><body></body></html>",
);
writeFileSync(path.join(webRoot, "sw.js"), worker);
writeFileSync(path.join(webRoot, "sw.js.br"), zlib.brotliCompressSync(worker));
writeFileSync(path.join(webRoot, "manifest.webmanifest"), JSON.stringify({ name: "Balcão" }));
mkdirSync(path.join(webRoot, "assets"));
writeFileSync(path.join(webRoot, "assets", "app-abc123.js"), "console.log(1)");

/** A CSP header's directives: name → sources. */
const directives = (csp: string) =>
  new Map(
    csp
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );

describeWithApp("the installable app's files", { webRoot }, (ctx) => {
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx().app.inject({ method: "GET", url, headers });

  it("sends the service worker uncached, for the whole site, compressed when asked", async () => {
    const asked: Record<string, string>[] = [{}, { "accept-encoding": "br" }];
    for (const headers of asked) {
      const res = await get("/sw.js", headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers["service-worker-allowed"]).toBe("/");
      expect(res.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
    }
    expect((await get("/sw.js", { "accept-encoding": "br" })).headers["content-encoding"]).toBe("br");
    // Only the worker widens its scope.
    expect((await get("/assets/app-abc123.js")).headers["service-worker-allowed"]).toBeUndefined();
    expect((await get("/")).headers["service-worker-allowed"]).toBeUndefined();
  });

  it("sends the manifest as a web app manifest, checked for changes", async () => {
    const res = await get("/manifest.webmanifest");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.json()).toEqual({ name: "Balcão" });
  });

  it("lets a page register its worker and read its manifest from its own origin only", async () => {
    for (const url of ["/", "/solicitacoes"]) {
      const csp = directives(String((await get(url)).headers["content-security-policy"]));
      expect(csp.get("worker-src"), url).toContain("'self'");
      expect(csp.get("manifest-src"), url).toEqual(["'self'"]);
      expect(csp.get("default-src"), url).toEqual(["'self'"]);
    }
  });
});
