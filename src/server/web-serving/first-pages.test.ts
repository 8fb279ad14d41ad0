import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeEach, expect, it } from "vitest";
import type { Me } from "@/domain/auth/auth.schema";
import { signedInUser } from "../testing/auth-helpers";
import { joinTeam, person } from "../testing/people";
import { sendMaterial } from "../testing/requests";
import { describeWithApp } from "../testing/test-app";

/*
 * GET / and GET /login with the build's first pages (decisions 025 and 027). The drawing itself
 * (React's server renderer over the app's components) is src/web's, tested there and end to end
 * (e2e/first-pages.spec.ts); here a stand-in renderer shows who the server draws the page for.
 */
const webRoot = mkdtempSync(path.join(tmpdir(), "balcao-first-pages-"));
const page = (name: string) =>
  `<html><head><title>${name}</title></head><body><div id="root"></div></body></html>`;
writeFileSync(path.join(webRoot, "index.html"), page("index"));
writeFileSync(path.join(webRoot, "login.html"), page("login"));
writeFileSync(path.join(webRoot, "home.html"), page("home"));
for (const name of ["solicitacoes", "caixa", "solicitacao"])
  writeFileSync(path.join(webRoot, `${name}.html`), page(name));

type Drawn = { me: Me; sidebarOpen: boolean | undefined; page?: string; address?: string; data?: unknown };
const drawn: Drawn[] = [];
let failing = false;
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

describeWithApp(
  "the first pages",
  {
    webRoot,
    env: {
      REQUIRE_EMAIL_VERIFICATION: "false",
      ADMIN_EMAILS: "bia@agencia.com.br",
      BALCAO_FIRST_PAGES: "on",
    },
    homeRenderer: async (me, options) => {
      if (failing) throw new Error("render failed");
      const { sidebarOpen, page, address, data } = options;
      drawn.push({ me, sidebarOpen, page, address, data });
      return `<h1>Olá, ${escapeHtml(me.user.name)}</h1>`;
    },
  },
  (ctx) => {
    beforeEach(() => {
      drawn.length = 0;
      failing = false;
    });

    const get = (url: string, cookie?: string) =>
      ctx().app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

    it("sends / without a session cookie as index.html, and /login drawn", async () => {
      const home = await get("/");
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain("<title>index</title>");
      expect(home.body).not.toContain("prerendered");
      expect(home.headers["cache-control"]).toBe("no-cache");
      expect(home.headers.vary).toContain("cookie");
      expect((await get("/login")).body).toContain("<title>login</title>");
      expect(drawn).toEqual([]);
    });

    it("draws / for the person the session is, and for no one else", async () => {
      const ana = await signedInUser(ctx(), "ana@agencia.com.br", "Ana <Souza>");
      const bia = await signedInUser(ctx(), "bia@agencia.com.br", "Bia Lima");

      const forAna = await get("/", ana.cookie);
      expect(forAna.statusCode).toBe(200);
      expect(forAna.body).toContain("<title>home</title>");
      expect(forAna.body).toContain(
        '<div id="prerendered" data-page="home" inert aria-hidden="true"><h1>Olá, Ana &lt;Souza></h1></div><div id="root"></div>',
      );
      expect(forAna.body).not.toContain("Bia");
      // It names the person: never kept by a cache on the way.
      expect(forAna.headers["cache-control"]).toBe("no-store");
      expect(forAna.headers.vary).toContain("cookie");

      const forBia = await get("/", bia.cookie);
      expect(forBia.body).toContain("Olá, Bia Lima");
      expect(forBia.body).not.toContain("Ana");

      // Exactly what GET /api/me answers each of them: nothing more reaches the page.
      const me = async (cookie: string) => (await get("/api/me", cookie)).json();
      expect(drawn.map((d) => d.me)).toEqual([await me(ana.cookie), await me(bia.cookie)]);
      expect(drawn[1]!.me.access.admin).toBe(true);
      expect(drawn[0]!.me.access.admin).toBe(false);
    });

    it("draws the sidebar as the person left it", async () => {
      const ana = await signedInUser(ctx(), "ana@agencia.com.br", "Ana Souza");
      await get("/", `${ana.cookie}; sidebar_state=false`);
      await get("/", `sidebar_state=true; ${ana.cookie}`);
      await get("/", ana.cookie);
      expect(drawn.map((d) => d.sidebarOpen)).toEqual([false, true, undefined]);
    });

    it("draws nothing for a cookie that is not a session, or no longer one", async () => {
      const ana = await signedInUser(ctx(), "ana@agencia.com.br", "Ana Souza");
      const forged = ana.cookie.replace(/=([^.;]+)/, "=forjado");
      const undrawn = await get("/", forged);
      expect(undrawn.statusCode).toBe(200);
      expect(undrawn.body).toContain("<title>home</title>");
      expect(undrawn.body).not.toContain("prerendered");

      expect((await get("/", ana.cookie)).body).toContain("Olá, Ana Souza");
      const out = await ctx().app.inject({
        method: "POST",
        url: "/api/logout",
        headers: { cookie: ana.cookie },
        payload: {},
      });
      expect(out.statusCode).toBe(204);
      const after = await get("/", ana.cookie);
      expect(after.body).not.toContain("prerendered");
      expect(after.body).not.toContain("Ana");
      expect(drawn).toHaveLength(1);
    });

    it("draws 'Minhas solicitações', and 'Caixa de entrada' only for who may open it (decision 068)", async () => {
      const ana = await signedInUser(ctx(), "ana@agencia.com.br", "Ana Souza");
      await joinTeam(ctx(), "compras", "caio@agencia.com.br");
      const caio = await signedInUser(ctx(), "caio@agencia.com.br", "Caio Lima");

      const list = await get("/solicitacoes?busca=taxi", ana.cookie);
      expect(list.body).toContain("<title>solicitacoes</title>");
      expect(list.body).toContain('<div id="prerendered" data-page="solicitacoes" inert aria-hidden="true">');
      expect(list.headers["cache-control"]).toBe("no-store");

      const notHers = await get("/caixa", ana.cookie);
      expect(notHers.body).toContain("<title>caixa</title>");
      expect(notHers.body).not.toContain("prerendered");
      expect((await get("/caixa", caio.cookie)).body).toContain('data-page="caixa"');
      expect(drawn.map(({ page, address }) => [page, address])).toEqual([
        ["solicitacoes", "/solicitacoes"],
        ["caixa", "/caixa"],
      ]);
      // Without a session cookie, the app's own page, as anywhere.
      expect((await get("/caixa")).body).toContain("<title>index</title>");
    });

    it("draws a request's page with what the API answers its viewer, and nothing for anyone else", async () => {
      const ana = await person(ctx(), "ana@agencia.com.br", "Ana Souza");
      const carla = await person(ctx(), "carla@agencia.com.br", "Carla Dias");
      const id = await sendMaterial(ctx(), ana);
      const url = `/solicitacoes/material/${id}`;
      const answer = (await get(`/api${url}`, ana.cookie)).json();

      const hers = await get(`${url}?nosplash`, ana.cookie);
      expect(hers.body).toContain('data-page="solicitacao"');
      expect(drawn[0]).toMatchObject({ page: "solicitacao", address: url, data: answer });
      // Beside it, the same answer for the app, in a block nothing runs.
      const block = /<script type="application\/json" id="first-page-data">(.*?)<\/script>/.exec(hers.body);
      expect(JSON.parse(block![1]!)).toEqual({ address: url, data: answer });

      // Someone else is answered 404 by the API: drawn without it, as the app first draws it.
      const other = await get(url, carla.cookie);
      expect(other.body).toContain('data-page="solicitacao"');
      expect(drawn[1]).toMatchObject({ page: "solicitacao", address: url, data: undefined });
      expect(other.body).not.toContain("first-page-data");
      expect(other.body).not.toContain("Cadeira");
      expect((await get(`/api${url}`, carla.cookie)).statusCode).toBe(404);
    });

    it("sends / undrawn when drawing fails, and draws again once it works", async () => {
      const ana = await signedInUser(ctx(), "ana@agencia.com.br", "Ana Souza");
      failing = true;
      const failed = await get("/", ana.cookie);
      expect(failed.statusCode).toBe(200);
      expect(failed.body).toContain("<title>home</title>");
      expect(failed.body).not.toContain("prerendered");
      expect(failed.body).not.toMatch(/render failed|Error/);
      failing = false;
      expect((await get("/", ana.cookie)).body).toContain("Olá, Ana Souza");
    });
  },
);

describeWithApp(
  "the first pages switched off (BALCAO_FIRST_PAGES=off)",
  {
    webRoot,
    env: { REQUIRE_EMAIL_VERIFICATION: "false", BALCAO_FIRST_PAGES: "off" },
    homeRenderer: async () => {
      throw new Error("not to be called with the first pages off");
    },
  },
  (ctx) => {
    it("sends / and /login as index.html, signed in or not", async () => {
      const ana = await signedInUser(ctx(), "ana@agencia.com.br", "Ana Souza");
      for (const [url, cookie] of [
        ["/", ana.cookie],
        ["/", undefined],
        ["/login", undefined],
      ] as const) {
        const answer = await ctx().app.inject({ url, headers: cookie ? { cookie } : {} });
        expect(answer.statusCode).toBe(200);
        expect(answer.body).toContain("<title>index</title>");
        expect(answer.headers["cache-control"]).toBe("no-cache");
      }
    });
  },
);
