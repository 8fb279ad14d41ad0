import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { joinTeam, person } from "../testing/people";
import { describeWithApp } from "../testing/test-app";

/*
 * Every keyset list reads its cursor through one decoder: a cursor that is not
 * one the list wrote answers 400 'Página inválida', never reaches the database.
 */

const cursorOf = (text: string) => Buffer.from(text).toString("base64url");

/** Keys a newest-first list never writes, each of which JavaScript's Date.parse accepts. */
const BAD_TIMESTAMPS = ["foo 1", "x 2020", "2026-02-31T00:00:00.000Z", "2026-11-01T12:00:00.000Z\u0000", "1"];

describeWithApp(
  "List cursors",
  { env: { VAGAS_MANAGERS: "gestor@agencia.digital", PLANNING_MANAGERS: "gestor@agencia.digital" } },
  (ctx) => {
    async function staff() {
      const manager = await person(ctx(), "gestor@agencia.digital", "Gestora");
      await joinTeam(ctx(), "financeiro", manager.email);
      return manager;
    }

    async function list(url: string, cookie: string) {
      const answer = await ctx().app.inject({ url, headers: { cookie } });
      return {
        status: answer.statusCode,
        body: answer.json() as { fields?: Record<string, string>; nextCursor?: string },
      };
    }

    it("a newest-first list answers 400 to a cursor whose instant PostgreSQL would refuse, and still reads its own", async () => {
      const { cookie } = await staff();
      for (const path of ["/api/solicitacoes", "/api/caixa", "/api/planejamentos", "/api/vagas"]) {
        for (const key of BAD_TIMESTAMPS) {
          const answer = await list(`${path}?cursor=${cursorOf(`${key}|${randomUUID()}`)}`, cookie);
          expect(answer, `${path} ${JSON.stringify(key)}`).toEqual({
            status: 400,
            body: expect.objectContaining({ fields: { cursor: "Página inválida" } }),
          });
        }
        for (const key of [
          "2026-11-01T12:00:00.123Z",
          "2026-11-01T12:00:00.123456Z",
          "2026-11-01 12:00:00.123456+00",
        ]) {
          const answer = await list(`${path}?cursor=${cursorOf(`${key}|${randomUUID()}`)}`, cookie);
          expect(answer.status, `${path} ${key}`).toBe(200);
        }
      }
    });

    it("the clients list answers 400 to a cursor whose name holds a NUL", async () => {
      const { cookie } = await staff();
      for (const name of ["Cliente\u0000", "\u0000"]) {
        const answer = await list(`/api/clients?cursor=${cursorOf(`${name}|${randomUUID()}`)}`, cookie);
        expect(answer).toEqual({
          status: 400,
          body: expect.objectContaining({ fields: { cursor: "Página inválida" } }),
        });
      }
      expect(
        (await list(`/api/clients?cursor=${cursorOf(`Cliente | Sul|${randomUUID()}`)}`, cookie)).status,
      ).toBe(200);
    });
  },
);
