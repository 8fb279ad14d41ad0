import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { signedInUser } from "../testing/auth-helpers";
import { describeWithApp } from "../testing/test-app";
import { API_CSP, securityHeaders } from "./security-headers";

/*
 * Decision 026: helmet's document headers go with documents only. The SPA's page
 * keeps the full policy; JSON answers get the API policy; scripts, styles and
 * fonts keep nosniff and their resource policy, and nothing else of helmet's.
 */

const webRoot = mkdtempSync(path.join(tmpdir(), "balcao-web-"));
mkdirSync(path.join(webRoot, "assets"));
writeFileSync(path.join(webRoot, "index.html"), "<!doctype html><title>Balcão</title><div id=root></div>");
writeFileSync(path.join(webRoot, "assets", "app-1234.js"), "console.log(1)");
writeFileSync(path.join(webRoot, "assets", "app-1234.css"), "body{margin:0}");

const DOCUMENT_ONLY = [
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];

describeWithApp(
  "helmet's headers where they apply (decision 026)",
  { env: { REQUIRE_EMAIL_VERIFICATION: "false" }, webRoot },
  (ctx) => {
    it("the page keeps the full policy and framing rule", async () => {
      for (const url of ["/", "/login", "/solicitacoes"]) {
        const res = await ctx().app.inject({ url });
        expect(res.headers["content-type"]).toMatch(/^text\/html/);
        expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
        // HEIC photos are converted by heic-to in a blob: worker (docs/decisions/065); nothing else.
        expect(res.headers["content-security-policy"]).toContain("worker-src 'self' blob:");
        expect(res.headers["content-security-policy"]).toContain("script-src 'self';");
        expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
        expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
        expect(res.headers["x-content-type-options"]).toBe("nosniff");
      }
    });

    it("JSON answers, successes and errors alike, get the API policy and nosniff, not the page's headers", async () => {
      const ana = await signedInUser(ctx(), "ana@agencia.digital", "Ana Souza");
      const answers = [
        await ctx().app.inject({ url: "/api/me", headers: { cookie: ana.cookie } }),
        await ctx().app.inject({ url: "/api/me" }),
        await ctx().app.inject({ url: "/api/nada" }),
        await ctx().app.inject({ method: "POST", url: "/api/login", payload: { email: "", password: "" } }),
      ];
      expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404, 400]);
      for (const res of answers) {
        expect(res.headers["content-type"]).toMatch(/^application\/json/);
        expect(res.headers["content-security-policy"]).toBe(API_CSP);
        expect(res.headers["x-frame-options"]).toBe("DENY");
        expect(res.headers["x-content-type-options"]).toBe("nosniff");
        expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
        for (const name of DOCUMENT_ONLY) expect(res.headers[name], name).toBeUndefined();
      }
    });

    it("scripts and styles keep nosniff and their resource policy, without a page's policies", async () => {
      for (const url of ["/assets/app-1234.js", "/assets/app-1234.css"]) {
        const res = await ctx().app.inject({ url });
        expect(res.statusCode).toBe(200);
        expect(res.headers["x-content-type-options"]).toBe("nosniff");
        expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
        expect(res.headers["content-security-policy"]).toBeUndefined();
        expect(res.headers["x-frame-options"]).toBeUndefined();
        // The page's referrer policy governs what they fetch (decision 025).
        expect(res.headers["referrer-policy"]).toBeUndefined();
        for (const name of DOCUMENT_ONLY) expect(res.headers[name], name).toBeUndefined();
      }
    });
  },
);

describe("security headers, worked out once from helmet's options", () => {
  it("HSTS goes on every answer when it is on, and on none when it is off", () => {
    const on = securityHeaders({ strictTransportSecurity: true });
    const off = securityHeaders({ strictTransportSecurity: false });
    for (const set of [on.document, on.api, on.subresource])
      expect(set["strict-transport-security"]).toMatch(/^max-age=\d+/);
    for (const set of [off.document, off.api, off.subresource])
      expect(set["strict-transport-security"]).toBeUndefined();
  });

  it("the page's policy comes from the options; the API's and a script's from ours", () => {
    const sets = securityHeaders({
      contentSecurityPolicy: { directives: { "img-src": ["'self'", "data:"] } },
    });
    expect(sets.document["content-security-policy"]).toContain("img-src 'self' data:");
    expect(sets.document["x-frame-options"]).toBe("SAMEORIGIN");
    expect(sets.api["content-security-policy"]).toBe(API_CSP);
    expect(sets.api["x-frame-options"]).toBe("DENY");
    expect(sets.subresource["content-security-policy"]).toBeUndefined();
    for (const set of [sets.document, sets.api, sets.subresource])
      expect(set["x-content-type-options"]).toBe("nosniff");
  });
});
