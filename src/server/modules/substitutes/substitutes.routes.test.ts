import { sql } from "drizzle-orm";
import { beforeEach, expect, it, vi } from "vitest";
import { addDays, todayInSaoPaulo } from "@/domain/dates";
import { JOB_NAMES } from "../../jobs/jobs";
import { joinTeam, type Person, person } from "../../testing/people";
import { postAusencia, sendReembolso } from "../../testing/requests";
import { describeWithApp, type TestContext } from "../../testing/test-app";

/*
 * 'Substituto' (docs/decisions/060): a reviewer chooses someone of their own teams; while the
 * reviewer is away (an approved absence covering today) the job hands the requests they took to the
 * substitute, or back to the queue; the substitute's moves are signed 'Ana (substituindo Bruno)'.
 */

// The job's "today": a day inside the absence the tests approve (postAusencia's first call in this
// file starts 14 days ahead at the earliest and lasts a week; `awayFrom` reads the real one).
let now = new Date();
const at = (isoDate: string) => {
  now = new Date(`${isoDate}T15:00:00Z`);
};

const act = (ctx: TestContext, who: Person, kind: string, id: string, body: Record<string, unknown>) =>
  ctx.app.inject({
    method: "POST",
    url: `/api/solicitacoes/${kind}/${id}/acoes`,
    headers: { cookie: who.cookie },
    payload: body,
  });

const choose = (ctx: TestContext, who: Person, substitutoId: string | null) =>
  ctx.app.inject({
    method: "PUT",
    url: "/api/me/substituto",
    headers: { cookie: who.cookie },
    payload: { substitutoId },
  });

const holder = async (ctx: TestContext, id: string) =>
  (await ctx.database.db.execute(sql`select assignee_id, substituindo_id from requests where id = ${id}`))
    .rows[0] as { assignee_id: string | null; substituindo_id: string | null };

/** A Monday at least `weeks` weeks ahead of the real today (a working day, far from any test's). */
function mondayAhead(weeks: number) {
  const day = addDays(todayInSaoPaulo(), 7 * weeks);
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return addDays(day, (8 - weekday) % 7);
}

/** `who` away for the week from `first` (a Monday): an absence approved by RH; its first day. */
async function away(ctx: TestContext, who: Person, rh: Person, first = mondayAhead(20)) {
  const sent = await postAusencia(ctx, who, {
    tipo: "folga",
    primeiroDia: first,
    ultimoDia: addDays(first, 4),
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const id = sent.json().id as string;
  await act(ctx, rh, "ausencia", id, { acao: "assumir" });
  expect((await act(ctx, rh, "ausencia", id, { acao: "aprovar" })).statusCode).toBe(200);
  const [row] = (
    await ctx.database.db.execute(sql`select dados->>'primeiroDia' as d from requests where id = ${id}`)
  ).rows as { d: string }[];
  return row!.d;
}

describeWithApp("substitutes", { clock: () => now }, (ctx) => {
  beforeEach(() => {
    now = new Date();
  });

  async function desk() {
    const bruno = await person(ctx(), "bruno@agencia.digital", "Bruno Melo");
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Lima");
    const carla = await person(ctx(), "carla@agencia.digital", "Carla Dias");
    const rita = await person(ctx(), "rita@agencia.digital", "Rita RH");
    await joinTeam(ctx(), "financeiro", bruno.email);
    await joinTeam(ctx(), "financeiro", ana.email);
    await joinTeam(ctx(), "rh", rita.email);
    return { bruno, ana, carla, rita };
  }

  it("lets a reviewer choose only someone of their own teams, and nobody else choose at all", async () => {
    const { bruno, ana, carla, rita } = await desk();
    const mine = await ctx().app.inject({ url: "/api/me/substituto", headers: { cookie: bruno.cookie } });
    expect(mine.json()).toEqual({ substituto: null, candidatos: [{ id: ana.user.id, nome: "Ana Lima" }] });

    // Someone of another team, an unknown id, or no body at all: 400 with the field's message.
    for (const id of [rita.user.id, "nobody", ""]) {
      const res = await choose(ctx(), bruno, id);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().fields).toEqual({ substitutoId: "Escolha alguém das suas equipes." });
    }
    // A requester in no team cannot name a substitute.
    expect((await choose(ctx(), carla, ana.user.id)).statusCode).toBe(403);
    expect(
      (await ctx().app.inject({ method: "PUT", url: "/api/me/substituto", payload: { substitutoId: null } }))
        .statusCode,
    ).toBe(401);

    const saved = await choose(ctx(), bruno, ana.user.id);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().substituto).toEqual({ id: ana.user.id, nome: "Ana Lima" });
    expect((await choose(ctx(), bruno, null)).json().substituto).toBeNull();
  });

  it("hands an away reviewer's requests to the substitute, whose decision reads 'substituindo'", async () => {
    const { bruno, ana, carla, rita } = await desk();
    const taken = await sendReembolso(ctx(), carla);
    expect((await act(ctx(), bruno, "reembolso", taken, { acao: "assumir" })).statusCode).toBe(200);
    const untouched = await sendReembolso(ctx(), carla, { descricao: "Ninguém assumiu" });
    expect((await choose(ctx(), bruno, ana.user.id)).statusCode).toBe(200);

    // Before the absence starts nothing moves; on its first day the request is Ana's.
    const first = await away(ctx(), bruno, rita);
    at(addDays(first, -1));
    expect(await ctx().app.jobs.runOnce(JOB_NAMES.substituteHandover)).toBe(0);
    at(first);
    // Two passes at once (two instances) hand it over once.
    await Promise.all([
      ctx().app.jobs.runOnce(JOB_NAMES.substituteHandover),
      ctx().app.jobs.runOnce(JOB_NAMES.substituteHandover),
    ]);
    expect(await holder(ctx(), taken)).toEqual({ assignee_id: ana.user.id, substituindo_id: bruno.user.id });
    expect(await holder(ctx(), untouched)).toEqual({ assignee_id: null, substituindo_id: null });

    const approved = await act(ctx(), ana, "reembolso", taken, { acao: "aprovar", confirmarAlertas: true });
    expect(approved.statusCode, approved.body).toBe(200);
    const page = await ctx().app.inject({
      url: `/api/solicitacoes/reembolso/${taken}`,
      headers: { cookie: ana.cookie },
    });
    const timeline = page.json().situacao.linhaDoTempo as { tipo: string; autor: string; acao: string }[];
    expect(timeline.filter((e) => e.tipo === "substituicao").map((e) => e.autor)).toEqual(["Bruno Melo"]);
    expect(timeline.find((e) => e.acao === "aprovar")?.autor).toBe("Ana Lima (substituindo Bruno Melo)");

    // The requester sees the decision, not who was away.
    const theirs = await ctx().app.inject({
      url: `/api/solicitacoes/reembolso/${taken}`,
      headers: { cookie: carla.cookie },
    });
    const seen = theirs.json().situacao.linhaDoTempo as { tipo: string }[];
    expect(seen.some((e) => e.tipo === "substituicao")).toBe(false);
  });

  it("gives the requests back to the queue when there is no substitute, or the substitute is away too", async () => {
    const { bruno, ana, carla, rita } = await desk();
    const mine = await sendReembolso(ctx(), carla);
    const hers = await sendReembolso(ctx(), carla, { descricao: "A da Ana" });
    await act(ctx(), bruno, "reembolso", mine, { acao: "assumir" });
    await act(ctx(), ana, "reembolso", hers, { acao: "assumir" });
    await choose(ctx(), bruno, ana.user.id);
    await choose(ctx(), ana, bruno.user.id);
    // Both away the same week: nobody to hand over to, each one's request goes back to the queue.
    const first = await away(ctx(), bruno, rita, mondayAhead(30));
    const anas = await postAusencia(ctx(), ana, { tipo: "folga", primeiroDia: first, ultimoDia: first });
    expect(anas.statusCode, anas.body).toBe(201);
    const anasId = anas.json().id as string;
    await act(ctx(), rita, "ausencia", anasId, { acao: "assumir" });
    expect((await act(ctx(), rita, "ausencia", anasId, { acao: "aprovar" })).statusCode).toBe(200);
    at(first);
    await ctx().app.jobs.runOnce(JOB_NAMES.substituteHandover);
    expect(await holder(ctx(), mine)).toEqual({ assignee_id: null, substituindo_id: null });
    expect(await holder(ctx(), hers)).toEqual({ assignee_id: null, substituindo_id: null });
    const timeline = (
      await ctx().app.inject({ url: `/api/solicitacoes/reembolso/${mine}`, headers: { cookie: ana.cookie } })
    ).json().situacao.linhaDoTempo as { tipo: string; notas?: string[] }[];
    expect(timeline.some((e) => e.tipo === "substituicao")).toBe(true);
  });

  it("hands over at once when RH approves an absence already begun, without waiting for the job", async () => {
    const { bruno, ana, carla, rita } = await desk();
    const taken = await sendReembolso(ctx(), carla);
    await act(ctx(), bruno, "reembolso", taken, { acao: "assumir" });
    await choose(ctx(), bruno, ana.user.id);
    const first = mondayAhead(25);
    at(first);
    await away(ctx(), bruno, rita, first);
    await vi.waitFor(async () => expect((await holder(ctx(), taken)).assignee_id).toBe(ana.user.id), {
      timeout: 5000,
    });
  });

  it("does not count a pending absence as away", async () => {
    const { bruno, ana, carla } = await desk();
    const taken = await sendReembolso(ctx(), carla);
    await act(ctx(), bruno, "reembolso", taken, { acao: "assumir" });
    await choose(ctx(), bruno, ana.user.id);
    const first = mondayAhead(40);
    const sent = await postAusencia(ctx(), bruno, { tipo: "folga", primeiroDia: first, ultimoDia: first });
    expect(sent.statusCode, sent.body).toBe(201);
    at(first);
    expect(await ctx().app.jobs.runOnce(JOB_NAMES.substituteHandover)).toBe(0);
    expect(await holder(ctx(), taken)).toEqual({ assignee_id: bruno.user.id, substituindo_id: null });
  });
});
