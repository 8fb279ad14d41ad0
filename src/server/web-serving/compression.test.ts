import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { API_CSP } from "../http/security-headers";
import { signedInUser } from "../testing/auth-helpers";
import { describeWithApp } from "../testing/test-app";
import { preferredEncoding } from "./compression";

/*
 * What a phone downloads (decision 021). Built assets go out as the build compressed
 * them (.br, .gz beside each file), answers made in memory are compressed on the
 * fly above 1 KiB, a client that accepts neither gets the bytes as they are, and
 * the event stream still streams. With BALCAO_COMPRESSION off, nothing is.
 */

const webRoot = mkdtempSync(path.join(tmpdir(), "balcao-web-"));
const script = `export const texto = ${JSON.stringify("Solicitação enviada. ".repeat(400))};\n`;
const page = `<!doctype html><html lang="pt-BR"><head><title>Balcão</title></head><body>${"<p>Balcão</p>".repeat(200)}<div id="root"></div></body></html>`;
mkdirSync(path.join(webRoot, "assets"));
writeFileSync(path.join(webRoot, "index.html"), page);
writeFileSync(path.join(webRoot, "assets", "app-1234.js"), script);
writeFileSync(path.join(webRoot, "assets", "app-1234.js.br"), zlib.brotliCompressSync(script));
writeFileSync(path.join(webRoot, "assets", "app-1234.js.gz"), zlib.gzipSync(script));

describe("preferredEncoding", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("gzip")).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(preferredEncoding("*")).toBe("br");
    expect(preferredEncoding("identity")).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});

describeWithApp(
  "Compression",
  { env: { REQUIRE_EMAIL_VERIFICATION: "false", BALCAO_COMPRESSION: "on" }, webRoot },
  (ctx) => {
    const get = (url: string, headers: Record<string, string> = {}) => ctx().app.inject({ url, headers });

    it("sends the build's brotli or gzip copy of an asset, with Vary, and the plain file to anyone else", async () => {
      const br = await get("/assets/app-1234.js", { "accept-encoding": "gzip, deflate, br" });
      expect(br.statusCode).toBe(200);
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers["content-type"]).toMatch(/javascript/);
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers["cache-control"]).toContain("immutable");
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      expect(br.rawPayload.length).toBeLessThan(script.length / 5);

      const gz = await get("/assets/app-1234.js", { "accept-encoding": "gzip" });
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

      const plain = await get("/assets/app-1234.js");
      expect(plain.headers["content-encoding"]).toBeUndefined();
      // Never revalidated nor resumed: none of what that would take, on any copy.
      for (const answer of [br, gz, plain])
        for (const name of ["etag", "last-modified", "accept-ranges"])
          expect(answer.headers[name]).toBeUndefined();
      // A page is revalidated (no-cache), with its ETag.
      const index = await get("/index.html");
      expect(index.headers["cache-control"]).toBe("no-cache");
      expect(index.headers.etag).toBeTruthy();
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(script);
    });

    it("compresses index.html from the history fallback, and API JSON above 1 KiB; small answers and other clients as they are", async () => {
      const html = await get("/solicitacoes", { "accept-encoding": "br, gzip" });
      expect(html.headers["content-encoding"]).toBe("br");
      expect(html.headers.vary).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(html.rawPayload).toString()).toBe(page);

      const json = await get("/api/docs/json", { "accept-encoding": "gzip" });
      expect(json.statusCode).toBe(200);
      expect(json.headers["content-encoding"]).toBe("gzip");
      const doc = JSON.parse(zlib.gunzipSync(json.rawPayload).toString());
      expect(doc.openapi).toBeDefined();
      expect(Number(json.headers["content-length"])).toBe(json.rawPayload.length);

      const identity = await get("/api/docs/json");
      expect(identity.headers["content-encoding"]).toBeUndefined();
      expect(identity.json().openapi).toBeDefined();

      const ana = await signedInUser(ctx(), "ana@agencia.digital", "Ana Souza");
      const me = await get("/api/me", { cookie: ana.cookie, "accept-encoding": "br, gzip" });
      expect(me.headers["content-encoding"]).toBeUndefined();
      expect(me.json().user.email).toBe("ana@agencia.digital");
    });

    it("leaves the event stream alone: it streams, uncompressed", async () => {
      const ana = await signedInUser(ctx(), "ana@agencia.digital", "Ana Souza");
      await ctx().app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = ctx().app.server.address() as { port: number };
      const first = await new Promise<{ headers: Record<string, unknown>; chunk: string }>(
        (resolve, reject) => {
          const req = httpRequest(
            {
              host: "127.0.0.1",
              port,
              path: "/api/eventos",
              headers: { cookie: ana.cookie, "accept-encoding": "br, gzip" },
            },
            (res) => {
              res.once("data", (chunk: Buffer) => {
                resolve({ headers: res.headers, chunk: chunk.toString() });
                req.destroy();
              });
            },
          );
          req.on("error", reject);
          req.end();
        },
      );
      expect(first.headers["content-type"]).toMatch(/text\/event-stream/);
      expect(first.headers["content-encoding"]).toBeUndefined();
      // A hijacked answer skips onSend; it still carries the API's security headers.
      expect(first.headers["x-content-type-options"]).toBe("nosniff");
      expect(first.headers["content-security-policy"]).toBe(API_CSP);
      expect(first.chunk).toContain(": conectado");
    });
  },
);

describeWithApp(
  "Compression switched off (BALCAO_COMPRESSION=off)",
  { env: { BALCAO_COMPRESSION: "off" }, webRoot },
  (ctx) => {
    it("sends the built files and the answers as they are", async () => {
      const accepts = { "accept-encoding": "br, gzip" };
      const asset = await ctx().app.inject({ url: "/assets/app-1234.js", headers: accepts });
      expect(asset.headers["content-encoding"]).toBeUndefined();
      expect(asset.body).toBe(script);
      const html = await ctx().app.inject({ url: "/solicitacoes", headers: accepts });
      expect(html.headers["content-encoding"]).toBeUndefined();
      expect(html.body).toBe(page);
      const json = await ctx().app.inject({ url: "/api/docs/json", headers: accepts });
      expect(json.headers["content-encoding"]).toBeUndefined();
      expect(json.json().openapi).toBeDefined();
    });
  },
);
