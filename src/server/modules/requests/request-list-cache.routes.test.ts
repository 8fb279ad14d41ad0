import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { App } from "../../app";
import { joinTeam, type Person, person } from "../../testing/people";
import { describeWithApp, secondInstance, type TestContext, within } from "../../testing/test-app";

/*
 * Decision 022: a person's first page of 'Minhas solicitações' is kept in
 * memory, and whatever the app changes in their requests shows at once — on
 * this instance, and on another one over the same PostgreSQL database.
 */

const env = { REQUIRE_EMAIL_VERIFICATION: "false", ADMIN_EMAILS: "admin@agencia.digital" };

const list = (app: App, who: Person) =>
  app.inject({ url: "/api/solicitacoes", headers: { cookie: who.cookie } }).then((r) => {
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { total: number; items: { id: string; status: string }[] };
  });

async function sendSuporte(ctx: TestContext, who: Person, assunto: string) {
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/solicitacoes/suporte",
    headers: { cookie: who.cookie },
    payload: {
      departamento: "RH",
      assunto,
      descricao: "Preciso de acesso ao sistema de ponto.",
      prioridade: "alta",
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

async function act(app: App, who: Person, id: string, acao: string) {
  const response = await app.inject({
    method: "POST",
    url: `/api/solicitacoes/suporte/${id}/acoes`,
    headers: { cookie: who.cookie },
    payload: { acao },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/*
 * An instance evicts a page again when its own change comes back through NOTIFY (PostgreSQL): a
 * page read before that echo is dropped by it. Before a test counts on a page being kept, the
 * instance has heard every change made so far; this starts listening for the next `count`.
 */
function hearing(app: App, count: number) {
  let heard = 0;
  const stop = app.liveBus.subscribe((event) => {
    if (event.type === "request") heard += 1;
  });
  return () => within(5000, async () => heard >= count).finally(stop);
}

/** A support ticket written straight to its table: what no live event announces. */
async function writtenBehindTheAppsBack(ctx: TestContext, userId: string) {
  await ctx.database.db.execute(sql`insert into requests (kind, user_id, rota, dados)
    values ('suporte', ${userId}, 'RH', '{"nome": "Escrito à mão", "email": "mao@agencia.digital", "assunto": "Escrito à mão", "descricao": "Sem evento", "prioridade": "baixa"}')`);
}

describeWithApp("'Minhas solicitações' in memory (decision 022)", { env }, (ctx) => {
  it("answers from memory, and what the app changes shows at once: a new request, a move, someone else's untouched", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const bia = await person(ctx(), "bia@agencia.digital", "Bia Lima");
    const rita = await person(ctx(), "rita@agencia.digital", "Rita RH");
    await joinTeam(ctx(), "rh", rita.email);
    // On PostgreSQL nothing is kept until the instance's LISTEN connection is up.
    await within(5000, async () => ctx().app.liveBus.listening());

    const heardBoth = hearing(ctx().app, 2);
    const first = await sendSuporte(ctx(), ana, "Acesso ao ponto");
    await sendSuporte(ctx(), bia, "Crachá");
    await heardBoth();
    expect((await list(ctx().app, ana)).items.map((i) => i.id)).toEqual([first]);
    expect((await list(ctx().app, bia)).total).toBe(1);

    // The page is kept: a row written by hand is not read again until something evicts it.
    await writtenBehindTheAppsBack(ctx(), ana.user.id);
    expect((await list(ctx().app, ana)).total).toBe(1);

    // A request sent through the app shows at once (with the hand-written one, read again).
    const second = await sendSuporte(ctx(), ana, "Acesso ao e-mail");
    const afterSending = await list(ctx().app, ana);
    expect(afterSending.total).toBe(3);
    expect(afterSending.items[0]!.id).toBe(second);

    // The team's move shows on the author's page at once; another person's page is not evicted.
    await writtenBehindTheAppsBack(ctx(), bia.user.id);
    await act(ctx().app, rita, first, "assumir");
    const afterMove = await list(ctx().app, ana);
    expect(afterMove.items.find((i) => i.id === first)!.status).toBe("em_atendimento");
    expect((await list(ctx().app, bia)).total).toBe(1);

    // The author's own move (cancelling) too.
    await act(ctx().app, ana, second, "cancelar");
    expect((await list(ctx().app, ana)).items.find((i) => i.id === second)!.status).toBe("cancelada");
  });

  it("on PostgreSQL, a move made on another instance shows on this one at once", async () => {
    if (ctx().kind !== "postgres") return;
    const second = await secondInstance(ctx());
    try {
      const carla = await person(ctx(), "carla@agencia.digital", "Carla Dias");
      const rui = await person(ctx(), "rui@agencia.digital", "Rui RH");
      await joinTeam(ctx(), "rh", rui.email);
      const heardIt = hearing(second, 1);
      const id = await sendSuporte(ctx(), carla, "Férias");
      await heardIt();
      expect((await list(second, carla)).items[0]!.status).toBe("pendente");
      // Kept on the second instance: a hand-written row is not read there.
      await writtenBehindTheAppsBack(ctx(), carla.user.id);
      expect((await list(second, carla)).total).toBe(1);

      await act(ctx().app, rui, id, "assumir");
      await within(1000, async () =>
        (await list(second, carla)).items.some((i) => i.status === "em_atendimento"),
      );
      expect((await list(second, carla)).total).toBe(2);
    } finally {
      await second.close();
    }
  });
});
