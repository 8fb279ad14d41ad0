import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { expect, it } from "vitest";
import { loggerOptions } from "../../app";
import { cookieHeader, PASSWORD, register, signedInUser } from "../../testing/auth-helpers";
import { describeWithApp } from "../../testing/test-app";

const webRoot = mkdtempSync(path.join(tmpdir(), "balcao-web-"));
mkdirSync(path.join(webRoot, "assets"));
writeFileSync(path.join(webRoot, "index.html"), "<!doctype html><title>Balcão</title><div id=root></div>");
writeFileSync(path.join(webRoot, "assets", "index-abc123.js"), "console.log(1)");

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logLines.push(String(chunk));
    done();
  },
});

describeWithApp(
  "system and HTTP behaviour",
  {
    webRoot,
    logger: { ...(loggerOptions("info") as object), stream: logStream },
    extend(app) {
      app.get("/api/test/boom", async () => {
        throw new Error("segredo interno at /srv/app.ts:12");
      });
      app.get("/api/test/vagas", { preHandler: app.requireAccess("vagas") }, async () => ({ ok: true }));
      app.get("/api/test/planejamento", { preHandler: app.requireAccess("planejamento") }, async () => ({
        ok: true,
      }));
    },
  },
  (ctx) => {
    it("answers /healthz and /readyz", async () => {
      expect((await ctx().app.inject({ url: "/healthz" })).json()).toEqual({ status: "ok" });
      const ready = await ctx().app.inject({ url: "/readyz" });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: "ok", database: ctx().kind });
    });

    it("answers unknown API paths with 404 JSON in Portuguese", async () => {
      for (const method of ["GET", "POST", "DELETE"] as const) {
        const res = await ctx().app.inject({ method, url: "/api/nao-existe" });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ message: "Recurso não encontrado" });
      }
    });

    it("answers broken JSON with 400 and no framework English", async () => {
      const res = await ctx().app.inject({
        method: "POST",
        url: "/api/login",
        headers: { "content-type": "application/json" },
        payload: "{nao é json",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Dados inválidos");
      expect(res.body).not.toMatch(/Unexpected|JSON at position|FST_/);
    });

    it("never lets a stack trace or internal message reach the client", async () => {
      const res = await ctx().app.inject({ url: "/api/test/boom" });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        message: "Erro inesperado",
        description: "Ocorreu um erro no servidor. Tente novamente em alguns minutos.",
        code: "INTERNAL",
      });
      expect(res.body).not.toContain("segredo");
    });

    it("serves the SPA with history fallback and the right caching", async () => {
      const page = await ctx().app.inject({ url: "/planejamento/lista", headers: { accept: "text/html" } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("<div id=root>");
      expect(page.headers["cache-control"]).toBe("no-cache");
      const root = await ctx().app.inject({ url: "/" });
      expect(root.headers["cache-control"]).toBe("no-cache");
      const asset = await ctx().app.inject({ url: "/assets/index-abc123.js" });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers["cache-control"]).toBe("max-age=31536000, immutable");
      expect((await ctx().app.inject({ url: "/assets/missing-000.js" })).statusCode).toBe(404);
    });

    it("refuses a state-changing request from a foreign origin", async () => {
      const login = (origin: string) =>
        ctx().app.inject({
          method: "POST",
          url: "/api/login",
          headers: { origin },
          payload: { email: "", password: "" },
        });
      const foreign = await login("https://evil.example");
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toMatchObject({ message: "Origem não permitida", code: "FOREIGN_ORIGIN" });
      // PUBLIC_URL is http://localhost:3000 in tests; its loopback twin is the same machine.
      for (const origin of ["http://localhost:3000", "http://127.0.0.1:3000"]) {
        expect((await login(origin)).statusCode).toBe(400);
      }
    });

    it("sends security headers", async () => {
      const res = await ctx().app.inject({ url: "/" });
      expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
    });

    it("publishes the OpenAPI description and a reference page", async () => {
      const spec = await ctx().app.inject({ url: "/api/docs/json" });
      expect(spec.statusCode).toBe(200);
      const paths = Object.keys(spec.json().paths);
      expect(paths).toEqual(
        expect.arrayContaining(["/api/register", "/api/login", "/api/magic-link", "/api/me"]),
      );
      expect(spec.json().paths["/api/register"].post.requestBody).toBeDefined();
      const page = await ctx().app.inject({ url: "/api/docs" });
      expect([200, 302]).toContain(page.statusCode);
    });

    it("guards staff areas on the server: 401 signed out, 403 outside the list, 200 on it", async () => {
      expect((await ctx().app.inject({ url: "/api/test/vagas" })).statusCode).toBe(401);
      const outsider = await signedInUser(ctx(), "fulano@agencia.digital");
      const refused = await ctx().app.inject({
        url: "/api/test/vagas",
        headers: { cookie: outsider.cookie },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe("Acesso negado");

      // VAGAS_MANAGERS holds vagas@agencia.digital; the comparison ignores case.
      const manager = await signedInUser(ctx(), "Vagas@Agencia.Digital");
      const me = await ctx().app.inject({ url: "/api/me", headers: { cookie: manager.cookie } });
      expect(me.json().access).toEqual({
        vagas: true,
        planejamento: false,
        caixa: false,
        admin: false,
        rh: false,
      });
      expect(
        (await ctx().app.inject({ url: "/api/test/vagas", headers: { cookie: manager.cookie } })).statusCode,
      ).toBe(200);
      const planning = await ctx().app.inject({
        url: "/api/test/planejamento",
        headers: { cookie: manager.cookie },
      });
      expect(planning.statusCode).toBe(403);
    });

    it("keeps passwords, tokens and cookies out of the log", async () => {
      logLines.length = 0;
      const registered = await register(ctx(), {
        name: "Log Teste",
        email: "log@agencia.digital",
        password: PASSWORD,
        confirmPassword: PASSWORD,
      });
      const browser = cookieHeader(registered.headers["set-cookie"]);
      const mail = await ctx().mail.waitFor("log@agencia.digital");
      const link = new URL(mail.links[0]!);
      const token = link.searchParams.get("token")!;
      // Opened elsewhere first (the set-password redirect carries the token), then in the registering browser.
      await ctx().app.inject({ url: link.pathname + link.search });
      await ctx().app.inject({ url: link.pathname + link.search, headers: { cookie: browser } });
      await ctx().app.inject({
        method: "POST",
        url: "/api/confirm-email/this-browser",
        payload: { token },
        headers: { cookie: browser },
      });
      const login = await ctx().app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email: "log@agencia.digital", password: PASSWORD },
      });
      const cookie = cookieHeader(login.headers["set-cookie"]);
      await ctx().app.inject({ url: "/api/me", headers: { cookie } });
      const log = logLines.join("\n");
      expect(log).toContain("/api/confirm-email?token=[redacted]");
      expect(log).not.toContain(PASSWORD);
      expect(log).not.toContain(token);
      expect(log).not.toContain(browser.split("=")[1]!);
      expect(log).not.toContain(cookie.split("=")[1]!.slice(0, 20));
    });
  },
);
