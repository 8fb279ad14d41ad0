import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { addDays, todayInSaoPaulo } from "@/domain/dates";
import { multipartBody } from "../../testing/multipart";
import { joinTeam, type Person, person } from "../../testing/people";
import { firstVacationMonday, postAusencia } from "../../testing/requests";
import { describeWithApp, secondInstance, type TestContext } from "../../testing/test-app";

/*
 * A person is away once at a time: a new absence that overlaps a pending or approved one of the
 * same person is refused, whatever its type; refused and cancelled ones free their days; two sends
 * at the same moment, from two instances, store one.
 */

const OVERLAP = { ultimoDia: "Você já tem uma ausência nesse período." };
// A Monday 'Férias' may start on (decision 060); the other sends are 'Folga', on any weekday.
const start = firstVacationMonday(addDays(todayInSaoPaulo(), 30));
const day = (n: number) => addDays(start, n);

const act = (ctx: TestContext, who: Person, id: string, body: Record<string, unknown>) =>
  ctx.app.inject({
    method: "POST",
    url: `/api/solicitacoes/ausencia/${id}/acoes`,
    headers: { cookie: who.cookie },
    payload: body,
  });

const count = async (ctx: TestContext, userId: string) =>
  (
    await ctx.database.db.execute(
      sql`select count(*)::int as n from requests where kind = 'ausencia' and user_id = ${userId}`,
    )
  ).rows[0];

describeWithApp("absences never overlap", {}, (ctx) => {
  it("refuses an absence over a pending or approved one of the same person, and stores nothing", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const bia = await person(ctx(), "bia@agencia.digital", "Bia Lima");
    const rita = await person(ctx(), "rita@agencia.digital", "Rita RH");
    await joinTeam(ctx(), "rh", rita.email);
    const first = await postAusencia(ctx(), ana, { primeiroDia: day(0), ultimoDia: day(9) });
    expect(first.statusCode, first.body).toBe(201);

    // Inside, around, touching either end: refused, whatever the type.
    for (const [from, to, tipo] of [
      [2, 4, "folga"],
      [-5, 20, "ferias"],
      [9, 12, "banco_horas"],
      [-3, 0, "licenca"],
    ] as const) {
      const res = await postAusencia(ctx(), ana, { tipo, primeiroDia: day(from), ultimoDia: day(to) });
      expect(res.statusCode, `${from}..${to}`).toBe(400);
      expect(res.json().fields).toEqual(OVERLAP);
    }
    expect(await count(ctx(), ana.user.id)).toEqual({ n: 1 });

    // The day after is free, and someone else's absence is theirs.
    const folga = { tipo: "folga" };
    expect(
      (await postAusencia(ctx(), ana, { ...folga, primeiroDia: day(10), ultimoDia: day(12) })).statusCode,
    ).toBe(201);
    expect(
      (await postAusencia(ctx(), bia, { ...folga, primeiroDia: day(2), ultimoDia: day(4) })).statusCode,
    ).toBe(201);

    // Approved still holds its days; cancelled frees them.
    const id = first.json().id as string;
    await act(ctx(), rita, id, { acao: "assumir" });
    expect((await act(ctx(), rita, id, { acao: "aprovar" })).statusCode).toBe(200);
    expect(
      (await postAusencia(ctx(), ana, { ...folga, primeiroDia: day(3), ultimoDia: day(3) })).statusCode,
    ).toBe(400);
    expect((await act(ctx(), ana, id, { acao: "cancelar", motivo: "Mudou a viagem" })).statusCode).toBe(200);
    expect(
      (await postAusencia(ctx(), ana, { ...folga, primeiroDia: day(3), ultimoDia: day(3) })).statusCode,
    ).toBe(201);
  });

  it("two overlapping absences sent at the same moment, on two instances: one is stored", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const other = ctx().kind === "postgres" ? await secondInstance(ctx()) : ctx().app;
    try {
      const send = async (app: TestContext["app"], from: number, to: number) => {
        const body = await multipartBody({
          tipo: from === 0 ? "ferias" : "folga",
          primeiroDia: day(from),
          ultimoDia: day(to),
          observacao: "",
        });
        return app.inject({
          method: "POST",
          url: "/api/solicitacoes/ausencia",
          headers: { cookie: ana.cookie, ...body.headers },
          payload: body.payload,
        });
      };
      const answers = await Promise.all([send(ctx().app, 0, 9), send(other, 5, 14)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
      expect(answers.find((r) => r.statusCode === 400)!.json().fields).toEqual(OVERLAP);
      expect(await count(ctx(), ana.user.id)).toEqual({ n: 1 });
    } finally {
      if (other !== ctx().app) await other.close();
    }
  });
});
