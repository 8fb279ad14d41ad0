import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { App } from "../../app";
import { joinTeam, type Person, person } from "../../testing/people";
import { sendReembolso } from "../../testing/requests";
import { describeWithApp, secondInstance, within } from "../../testing/test-app";

/*
 * Decision 046: 'Caixa de entrada' keeps the flags of the requests it shows, and whatever the app
 * changes shows in them at once: another person's file with the same bytes, a second request with
 * the same facts, a monthly limit set or removed, on this instance and on another one over the same
 * PostgreSQL database. A request's own page reads them afresh.
 */

const env = { REQUIRE_EMAIL_VERIFICATION: "false", ADMIN_EMAILS: "admin@agencia.digital" };

async function queueFlags(app: App, who: Person) {
  const response = await app.inject({ url: "/api/caixa", headers: { cookie: who.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  const items = response.json().items as { id: string; alertas: { tipo: string }[] }[];
  return new Map(items.map((item) => [item.id, item.alertas.map((f) => f.tipo).sort()]));
}

async function detailFlags(app: App, who: Person, id: string) {
  const response = await app.inject({
    url: `/api/solicitacoes/reembolso/${id}`,
    headers: { cookie: who.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().situacao.alertas as { tipo: string }[]).map((f) => f.tipo).sort();
}

function setLimit(app: App, admin: Person, limite: number | null) {
  return app.inject({
    method: limite === null ? "DELETE" : "PUT",
    url: "/api/admin/limites/reembolso/transporte",
    headers: { cookie: admin.cookie },
    ...(limite === null ? {} : { payload: { limite } }),
  });
}

describeWithApp("the flags of 'Caixa de entrada' in memory (decision 046)", { env }, (ctx) => {
  it("shows another person's file, a second request and a limit at once, and nothing written behind its back", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const bia = await person(ctx(), "bia@agencia.digital", "Bia Lima");
    const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio Financeiro");
    const admin = await person(ctx(), "admin@agencia.digital", "Alice Admin");
    await joinTeam(ctx(), "financeiro", fabio.email);
    await within(5000, async () => ctx().app.liveBus.listening());
    const app = ctx().app;

    const first = await sendReembolso(ctx(), ana, { valor: "R$ 150,00" });
    expect((await queueFlags(app, fabio)).get(first)).toEqual(["primeira_solicitacao"]);

    // Bia's receipt has the same bytes as Ana's: another author's request changes Ana's flags.
    const bias = await sendReembolso(ctx(), bia, { valor: "R$ 90,00" });
    let flags = await queueFlags(app, fabio);
    expect(flags.get(first)).toEqual(["anexo_duplicado", "primeira_solicitacao"]);
    expect(flags.get(bias)).toEqual(["anexo_duplicado", "primeira_solicitacao"]);

    const second = await sendReembolso(ctx(), ana, { valor: "R$ 150,00" });
    flags = await queueFlags(app, fabio);
    expect(flags.get(first)).toEqual(["anexo_duplicado", "duplicado", "primeira_solicitacao"]);
    expect(flags.get(second)).toEqual(["anexo_duplicado", "duplicado"]);

    // A limit written by hand in SQL is not announced: the queue keeps what it read, the page reads afresh.
    await ctx().database.db.execute(sql`insert into expense_limits (kind, expense_type, monthly_limit_cents)
      values ('reembolso', 'transporte', 10000)`);
    expect((await queueFlags(app, fabio)).get(first)).toEqual([
      "anexo_duplicado",
      "duplicado",
      "primeira_solicitacao",
    ]);
    expect(await detailFlags(app, fabio, first)).toContain("acima_do_limite");

    // Set through the app: Ana's month (R$ 300,00) is over R$ 200,00, Bia's R$ 90,00 is not.
    expect((await setLimit(app, admin, 20000)).statusCode).toBe(200);
    flags = await queueFlags(app, fabio);
    expect(flags.get(first)).toContain("acima_do_limite");
    expect(flags.get(bias)).not.toContain("acima_do_limite");

    expect((await setLimit(app, admin, null)).statusCode).toBe(204);
    expect((await queueFlags(app, fabio)).get(first)).not.toContain("acima_do_limite");
  });

  it("on PostgreSQL, a limit set on another instance shows in this one's queue at once", async () => {
    if (ctx().kind !== "postgres") return;
    const other = await secondInstance(ctx());
    try {
      const carla = await person(ctx(), "carla@agencia.digital", "Carla Dias");
      const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio Financeiro");
      const admin = await person(ctx(), "admin@agencia.digital", "Alice Admin");
      await joinTeam(ctx(), "financeiro", fabio.email);
      await within(5000, async () => other.liveBus.listening());
      const id = await sendReembolso(ctx(), carla, { valor: "R$ 150,00" });
      await within(1000, async () => (await queueFlags(other, fabio)).has(id));
      expect((await queueFlags(other, fabio)).get(id)).toEqual(["primeira_solicitacao"]);

      expect((await setLimit(ctx().app, admin, 10000)).statusCode).toBe(200);
      await within(1000, async () =>
        Boolean((await queueFlags(other, fabio)).get(id)?.includes("acima_do_limite")),
      );
    } finally {
      await other.close();
    }
  });
});
