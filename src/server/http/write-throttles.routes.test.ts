import { expect, it } from "vitest";
import { insertClient, planRequest } from "../modules/planning/testing/plan-fixtures";
import { joinTeam, type Person, person } from "../testing/people";
import { sendReembolso } from "../testing/requests";
import { describeWithApp, type TestContext } from "../testing/test-app";

/*
 * Writes are throttled per person (docs/decisions/031): past the rate, 429 in
 * Portuguese with Retry-After, counted in the database like the sign-in limits,
 * and someone else is not held back.
 */

const PLANNER = "planejamento@agencia.digital";

async function sendMaterial(ctx: TestContext, who: Person) {
  // As a script would: no Idempotency-Key, so each one is a new request.
  return ctx.app.inject({
    method: "POST",
    url: "/api/solicitacoes/material",
    headers: { cookie: who.cookie },
    payload: {
      nome: who.email,
      descricao: "Cadeira ergonômica",
      motivo: "A minha quebrou",
      quantidade: 1,
      urgencia: "media",
    },
  });
}

function expectThrottled(answer: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(answer.statusCode).toBe(429);
  expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
  expect(answer.json()).toMatchObject({
    code: "TOO_MANY_WRITES",
    message: "Muitos envios",
    description: expect.stringMatching(/^.* Aguarde \d+ minutos? e tente de novo\.$/),
  });
}

describeWithApp(
  "write throttles",
  { env: { REQUIRE_EMAIL_VERIFICATION: "false", PLANNING_MANAGERS: PLANNER } },
  (ctx) => {
    it("comments: 60 in 15 minutes per person, then 429; someone else still comments", async () => {
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const rosa = await person(ctx(), "rosa@agencia.digital", "Rosa Compras");
      await joinTeam(ctx(), "compras", rosa.email);
      const id = (await sendMaterial(ctx(), ana)).json().id as string;
      const comment = (who: Person, texto: string) =>
        ctx().app.inject({
          method: "POST",
          url: `/api/solicitacoes/material/${id}/comentarios`,
          headers: { cookie: who.cookie },
          payload: { texto },
        });
      for (let i = 1; i <= 60; i++) expect((await comment(ana, `Comentário ${i}`)).statusCode).toBe(201);
      const refused = await comment(ana, "Mais um");
      expectThrottled(refused);
      expect((refused.json() as { description: string }).description).toMatch(/comentários/);
      expect(await comment(rosa, "Recebido, vamos ver.")).toMatchObject({ statusCode: 201 });
    });

    it("requests: a month of receipts in one sitting (100 in a minute, all 201); past 120 an hour, 429; someone else still sends", async () => {
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const bia = await person(ctx(), "bia@agencia.digital", "Bia Lima");
      for (let i = 1; i <= 100; i++) {
        await sendReembolso(ctx(), ana, { valor: `R$ ${20 + i},00`, descricao: `Táxi ${i}` });
      }
      for (let i = 101; i <= 120; i++) expect((await sendMaterial(ctx(), ana)).statusCode).toBe(201);
      const refused = await sendMaterial(ctx(), ana);
      expectThrottled(refused);
      expect((refused.json() as { description: string }).description).toMatch(/solicitações/);
      expect((await sendMaterial(ctx(), bia)).statusCode).toBe(201);
    });

    it("requests: refused bodies count apart, with a higher bound of their own", async () => {
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const invalid = () =>
        ctx().app.inject({
          method: "POST",
          url: "/api/solicitacoes/material",
          headers: { cookie: ana.cookie },
          payload: { nome: ana.email, descricao: "", motivo: "", quantidade: 0, urgencia: "x" },
        });
      // Fighting a validation error does not use up what may be sent.
      for (let i = 1; i <= 150; i++) expect((await invalid()).statusCode).toBe(400);
      expect((await sendMaterial(ctx(), ana)).statusCode).toBe(201);
      for (let i = 151; i <= 300; i++) expect((await invalid()).statusCode).toBe(400);
      // A script that keeps sending bad bodies is stopped, valid ones included, for a while.
      const flooded = await invalid();
      expectThrottled(flooded);
      expect((flooded.json() as { description: string }).description).toMatch(/com erros/);
      expectThrottled(await sendMaterial(ctx(), ana));
    });

    it("a shared plan's comments: 60 an hour per link, whatever the addresses they come from", async () => {
      const planner = await person(ctx(), PLANNER, "Paula Planejadora");
      const client = await insertClient(ctx(), "Padaria Pão Quente");
      const created = await ctx().app.inject({
        method: "POST",
        url: "/api/planejamentos",
        headers: { cookie: planner.cookie },
        payload: planRequest(client.id),
      });
      const planId = created.json().planejamento_id as string;
      const shared = await ctx().app.inject({
        method: "POST",
        url: `/api/planejamentos/${planId}/compartilhamento`,
        headers: { cookie: planner.cookie },
      });
      const token = new URL(shared.json().url).pathname.split("/").pop()!;
      const plan = (await ctx().app.inject({ url: `/api/publico/planejamentos/${token}` })).json() as {
        semanas: { posts: { id: string }[] }[];
      };
      const postId = plan.semanas[0]!.posts[0]!.id;
      // Each from an address of its own: the per-IP limit (20 in 15 minutes) never applies.
      const comment = (i: number) =>
        ctx().app.inject({
          method: "POST",
          url: `/api/publico/planejamentos/${token}/comentarios`,
          remoteAddress: `198.51.100.${i}`,
          payload: { post_id: postId, nome: "Carla Cliente", texto: `Comentário ${i}` },
        });
      for (let i = 1; i <= 60; i++) expect((await comment(i)).statusCode).toBe(201);
      const refused = await comment(61);
      expectThrottled(refused);
      expect((refused.json() as { description: string }).description).toMatch(/comentários/);
    });
  },
);
