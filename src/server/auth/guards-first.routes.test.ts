import { expect, it } from "vitest";
import { person } from "../testing/people";
import { describeWithApp } from "../testing/test-app";

/*
 * The guards answer before the body is read (docs/decisions/033): signed out is 401 and outside
 * an area is 403, whatever content type or body comes with the call.
 */

const BODIES = [
  { "content-type": "text/xml", payload: "<a/>" },
  { "content-type": "application/json", payload: "{quebrado" },
  { "content-type": "application/json", payload: "" },
  { "content-type": "multipart/form-data; boundary=x", payload: "lixo" },
];

describeWithApp("guards before the body", { env: { REQUIRE_EMAIL_VERIFICATION: "false" } }, (ctx) => {
  it("signed out: 401 whatever the body", async () => {
    for (const url of [
      "/api/solicitacoes/material",
      "/api/admin/equipes",
      "/api/planejamentos",
      "/api/vagas",
    ]) {
      for (const { payload, ...headers } of BODIES) {
        const res = await ctx().app.inject({ method: "POST", url, headers, payload });
        expect(res.statusCode, `${url} ${headers["content-type"]}: ${res.body}`).toBe(401);
      }
    }
  });

  it("outside the area: 403 whatever the body", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    for (const url of ["/api/admin/equipes", "/api/planejamentos", "/api/vagas"]) {
      for (const { payload, ...headers } of BODIES) {
        const res = await ctx().app.inject({
          method: "POST",
          url,
          headers: { ...headers, cookie: ana.cookie },
          payload,
        });
        expect(res.statusCode, `${url} ${headers["content-type"]}: ${res.body}`).toBe(403);
      }
    }
  });

  it("signed in, a broken body is still 400 or 415", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const headers = { cookie: ana.cookie };
    const xml = await ctx().app.inject({
      method: "POST",
      url: "/api/solicitacoes/material",
      headers: { ...headers, "content-type": "text/xml" },
      payload: "<a/>",
    });
    expect(xml.statusCode).toBe(415);
    const broken = await ctx().app.inject({
      method: "POST",
      url: "/api/solicitacoes/material",
      headers: { ...headers, "content-type": "application/json" },
      payload: "{quebrado",
    });
    expect(broken.statusCode).toBe(400);
  });
});
