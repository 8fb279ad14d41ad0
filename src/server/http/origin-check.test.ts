import { Writable } from "node:stream";
import { expect, it } from "vitest";
import { loggerOptions } from "../app";
import { multipartBody } from "../testing/multipart";
import { joinTeam, person } from "../testing/people";
import { sendReembolso } from "../testing/requests";
import { describeWithApp } from "../testing/test-app";
import { routedPath } from "./routed-path";

/*
 * A page on a sibling subdomain (a client's staging site, a blog) is same-site: the
 * browser sends its SameSite=Lax cookies with a form it submits. Only the origin check
 * stands between such a page and a reviewer's moves, whatever the path's spelling.
 */

const SIBLING = "https://staging.agencia.digital";

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _enc, done) {
    logLines.push(String(chunk));
    done();
  },
});

it("routedPath: the path as the router matches it, escapes decoded and the query dropped", () => {
  expect(routedPath("/%61pi/solicitacoes?x=1")).toBe("/api/solicitacoes");
  expect(routedPath("/%63liente/planejamento/abc#x")).toBe("/cliente/planejamento/abc");
  expect(routedPath("/api/%E2%82%AC/%ZZ")).toBe("/api/€/%ZZ");
  expect(routedPath("/plain")).toBe("/plain");
});

describeWithApp(
  "the cross-origin check",
  {
    env: { REQUIRE_EMAIL_VERIFICATION: "false" },
    logger: { ...(loggerOptions("info") as object), stream: logStream },
  },
  (ctx) => {
    it("refuses a sibling site's multipart move whatever the path's spelling", async () => {
      const eve = await person(ctx(), "eve@agencia.digital", "Eve");
      const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio");
      await joinTeam(ctx(), "financeiro", fabio.email);
      const id = await sendReembolso(ctx(), eve);
      const form = await multipartBody({ acao: "assumir" }, []);
      for (const path of [
        `/api/solicitacoes/reembolso/${id}/acoes`,
        `/%61pi/solicitacoes/reembolso/${id}/acoes`,
        `/api/%73olicitacoes/reembolso/${id}/acoes`,
        `/%61%70%69/solicitacoes/reembolso/${id}/%61coes`,
      ]) {
        const res = await ctx().app.inject({
          method: "POST",
          url: path,
          headers: { ...form.headers, cookie: fabio.cookie, origin: SIBLING, "sec-fetch-site": "same-site" },
          payload: form.payload,
        });
        expect(res.statusCode, `${path}: ${res.body}`).toBe(403);
        expect(res.json()).toMatchObject({ code: "FOREIGN_ORIGIN", message: "Origem não permitida" });
      }
      const detail = await ctx().app.inject({
        url: `/api/solicitacoes/reembolso/${id}`,
        headers: { cookie: fabio.cookie },
      });
      expect(detail.json().situacao).toMatchObject({ status: "pendente", responsavel: null });
    });

    it("refuses what the browser says is cross-site or same-site, with or without an Origin", async () => {
      const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio");
      const post = (headers: Record<string, string>) =>
        ctx().app.inject({
          method: "POST",
          url: "/api/notificacoes/lidas",
          headers: { cookie: fabio.cookie, ...headers },
          payload: {},
        });
      for (const site of ["cross-site", "same-site"]) {
        expect((await post({ "sec-fetch-site": site })).statusCode, site).toBe(403);
        expect((await post({ "sec-fetch-site": site, origin: SIBLING })).statusCode, site).toBe(403);
        expect((await post({ "sec-fetch-site": site, origin: "null" })).statusCode, site).toBe(403);
      }
      // Our own page, and a client that sends neither header (curl, an automation).
      expect(
        (await post({ "sec-fetch-site": "same-origin", origin: "http://localhost:3000" })).statusCode,
      ).not.toBe(403);
      expect(
        (await post({ "sec-fetch-site": "same-site", origin: "http://localhost:3000" })).statusCode,
      ).not.toBe(403);
      expect((await post({})).statusCode).not.toBe(403);
    });

    it("checks every unsafe method on every path, not only under /api/", async () => {
      for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) {
        const res = await ctx().app.inject({ method, url: "/anything", headers: { origin: SIBLING } });
        expect(res.statusCode, method).toBe(403);
      }
    });

    it("answers a misspelt API path as the API does, not with the web app", async () => {
      const res = await ctx().app.inject({ url: "/%61pi/nada-aqui" });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toContain("application/json");
    });

    it("sends the client page's headers whatever the path's spelling", async () => {
      for (const path of ["/cliente/planejamento/abc", "/%63liente/planejamento/abc"]) {
        const res = await ctx().app.inject({ url: path });
        expect(res.headers["cache-control"], path).toBe("no-store");
        expect(res.headers["referrer-policy"], path).toBe("no-referrer");
      }
    });

    it("keeps a share token out of the log whatever the path's spelling", async () => {
      logLines.length = 0;
      const token = "segredo-do-link-0123456789abcdef";
      for (const path of [
        `/api/publico/%70lanejamentos/${token}`,
        `/%61pi/publico/planejamentos/${token}`,
        `/%63liente/planejamento/${token}`,
        `/api/publico/planejamentos/${token}%ZZ`,
      ]) {
        await ctx().app.inject({ url: path });
      }
      expect(logLines.join("\n")).not.toContain(token);
    });
  },
);
