import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { multipartBody } from "../../testing/multipart";
import { person } from "../../testing/people";
import { sendMaterial, sendReembolso } from "../../testing/requests";
import { describeWithApp } from "../../testing/test-app";

/*
 * 'Editar e reenviar' on a request you cannot see answers 404 before its body
 * is read: neither a broken body (400) nor a wrong content type (415) tells an
 * outsider that the request exists.
 */

describeWithApp(
  "'Editar e reenviar' of someone else's request",
  { env: { REQUIRE_EMAIL_VERIFICATION: "false" } },
  (ctx) => {
    it("answers 404 whatever the body: broken JSON, a wrong type, a wrong content type, an empty form", async () => {
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const eve = await person(ctx(), "eve@agencia.digital", "Eve Curiosa");
      const material = await sendMaterial(ctx(), ana);
      const reembolso = await sendReembolso(ctx(), ana);
      const form = await multipartBody({ descricao: "x" });
      const bodies = [
        { headers: { "content-type": "application/json" }, payload: "{" },
        {
          headers: { "content-type": "application/json" },
          payload: JSON.stringify({ quantidade: "muitas" }),
        },
        { headers: { "content-type": "application/xml" }, payload: "<a/>" },
        { headers: { "content-type": "text/plain" }, payload: "oi" },
        { headers: form.headers, payload: form.payload },
        { headers: {}, payload: undefined },
      ];
      const targets = [
        ["material", material],
        ["reembolso", reembolso],
        ["material", randomUUID()],
        ["material", "nao-e-um-id"],
      ] as const;
      for (const [kind, id] of targets) {
        for (const body of bodies) {
          const answer = await ctx().app.inject({
            method: "PUT",
            url: `/api/solicitacoes/${kind}/${id}`,
            headers: { ...body.headers, cookie: eve.cookie },
            ...(body.payload === undefined ? {} : { payload: body.payload }),
          });
          expect(answer.statusCode, `${kind} ${id} ${JSON.stringify(body.headers)} ${answer.body}`).toBe(404);
          expect(answer.json()).toMatchObject({ message: "Recurso não encontrado" });
        }
      }
      // Signed out, the answer is 401 as before, whatever the body.
      const signedOut = await ctx().app.inject({
        method: "PUT",
        url: `/api/solicitacoes/material/${material}`,
        headers: { "content-type": "application/xml" },
        payload: "<a/>",
      });
      expect(signedOut.statusCode).toBe(401);
      // The author still gets the body's own answer.
      const own = await ctx().app.inject({
        method: "PUT",
        url: `/api/solicitacoes/material/${material}`,
        headers: { cookie: ana.cookie, "content-type": "application/json" },
        payload: JSON.stringify({ quantidade: "muitas" }),
      });
      expect(own.statusCode).toBe(400);
    });
  },
);
