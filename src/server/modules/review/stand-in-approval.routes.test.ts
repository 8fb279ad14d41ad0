import { beforeEach, expect, it } from "vitest";
import { addDays, todayInSaoPaulo } from "@/domain/dates";
import { joinTeam, type Person, person } from "../../testing/people";
import { postAusencia, sendReembolso } from "../../testing/requests";
import { describeWithApp, type TestContext } from "../../testing/test-app";

/*
 * An approver away does not hold a request (docs/decisions/060): while a member of the team whose
 * second approval is awaited is away on an approved absence, the 'Substituto' they chose may give
 * it in their stead, signed 'substituindo'; never for the first approver, never before or after the
 * absence, and the stand-in sees nothing else of that team.
 */

const env = { ADMIN_EMAILS: "admin@agencia.digital" };
let now = new Date();
const at = (isoDate: string) => {
  now = new Date(`${isoDate}T15:00:00Z`);
};

/** A Monday at least `weeks` weeks ahead of the real today. */
function mondayAhead(weeks: number) {
  const day = addDays(todayInSaoPaulo(), 7 * weeks);
  return addDays(day, (8 - new Date(`${day}T12:00:00Z`).getUTCDay()) % 7);
}

const act = (ctx: TestContext, who: Person, kind: string, id: string, body: Record<string, unknown>) =>
  ctx.app.inject({
    method: "POST",
    url: `/api/solicitacoes/${kind}/${id}/acoes`,
    headers: { cookie: who.cookie },
    payload: body,
  });
const read = (ctx: TestContext, who: Person, id: string) =>
  ctx.app.inject({ url: `/api/solicitacoes/reembolso/${id}`, headers: { cookie: who.cookie } });
const queueIds = async (ctx: TestContext, who: Person) =>
  (
    (await ctx.app.inject({ url: "/api/caixa", headers: { cookie: who.cookie } })).json().items as {
      id: string;
    }[]
  ).map((i) => i.id);

describeWithApp("second approvals while the approver is away", { env, clock: () => now }, (ctx) => {
  beforeEach(() => {
    now = new Date();
  });

  /** Dora gives the second approvals above R$ 1.000 (Diretoria) and works in Marketing with Mia. */
  async function desk() {
    const [ana, fabio, dora, mia, rita, admin] = await Promise.all([
      person(ctx(), "ana@agencia.digital", "Ana Souza"),
      person(ctx(), "fabio@agencia.digital", "Fábio Financeiro"),
      person(ctx(), "dora@agencia.digital", "Dora Diretora"),
      person(ctx(), "mia@agencia.digital", "Mia Marketing"),
      person(ctx(), "rita@agencia.digital", "Rita RH"),
      person(ctx(), "admin@agencia.digital", "Alice Admin"),
    ]);
    await joinTeam(ctx(), "financeiro", fabio.email);
    await joinTeam(ctx(), "marketing", dora.email);
    await joinTeam(ctx(), "marketing", mia.email);
    await joinTeam(ctx(), "rh", rita.email);
    const admin_ = (method: "PUT" | "POST", url: string, payload: object) =>
      ctx().app.inject({ method, url, headers: { cookie: admin.cookie }, payload });
    const team = await admin_("POST", "/api/admin/equipes", { name: "Diretoria", members: [dora.email] });
    expect(team.statusCode, team.body).toBe(201);
    const policy = await admin_("PUT", "/api/admin/politicas/reembolso", {
      thresholdCents: 100000,
      teamId: team.json().id,
    });
    expect(policy.statusCode).toBe(200);
    return { ana, fabio, dora, mia, rita };
  }

  /** `who` away on the week from `first`, approved by RH. */
  async function away(who: Person, rh: Person, first: string) {
    const sent = await postAusencia(ctx(), who, {
      tipo: "folga",
      primeiroDia: first,
      ultimoDia: addDays(first, 4),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().id as string;
    await act(ctx(), rh, "ausencia", id, { acao: "assumir" });
    expect((await act(ctx(), rh, "ausencia", id, { acao: "aprovar" })).statusCode).toBe(200);
  }

  const choose = (who: Person, substitutoId: string) =>
    ctx().app.inject({
      method: "PUT",
      url: "/api/me/substituto",
      headers: { cookie: who.cookie },
      payload: { substitutoId },
    });

  it("lets the substitute of an away approver give the second approval, and only while they are away", async () => {
    const { ana, fabio, dora, mia, rita } = await desk();
    expect((await choose(dora, mia.user.id)).statusCode).toBe(200);
    const id = await sendReembolso(ctx(), ana, { valor: "R$ 1.500,00" });
    await act(ctx(), fabio, "reembolso", id, { acao: "assumir" });
    const first = await act(ctx(), fabio, "reembolso", id, { acao: "aprovar", confirmarAlertas: true });
    expect(first.json()).toMatchObject({ status: "em_analise", aguardandoAprovacaoDe: "Diretoria" });

    // Dora is here: Mia, who handles no reimbursement, can neither read nor approve it.
    const monday = mondayAhead(10);
    await away(dora, rita, monday);
    expect((await read(ctx(), mia, id)).statusCode).toBe(404);
    expect(
      (await act(ctx(), mia, "reembolso", id, { acao: "aprovar", confirmarAlertas: true })).statusCode,
    ).toBe(404);
    expect(await queueIds(ctx(), mia)).not.toContain(id);

    // Dora is away: the approval awaited from her team is in Mia's queue, and Mia gives it for her.
    at(monday);
    expect(await queueIds(ctx(), mia)).toContain(id);
    expect((await read(ctx(), mia, id)).statusCode).toBe(200);
    // Stand-ins give the awaited approval, nothing else: the request is not Mia's to take.
    expect((await act(ctx(), mia, "reembolso", id, { acao: "assumir" })).statusCode).toBe(403);
    const second = await act(ctx(), mia, "reembolso", id, { acao: "aprovar", confirmarAlertas: true });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ status: "aprovado" });
    const timeline = (await read(ctx(), ana, id)).json().situacao.linhaDoTempo as {
      acao: string;
      autor: string;
    }[];
    expect(timeline.filter((e) => e.acao === "aprovar").map((e) => e.autor)).toEqual([
      "Fábio Financeiro",
      "Mia Marketing (substituindo Dora Diretora)",
    ]);
    // Only the awaited approvals reach her queue, not what the team approved before.
    expect(await queueIds(ctx(), mia)).not.toContain(id);

    // Dora is back: the stand-in reads nothing of her team's.
    at(addDays(monday, 7));
    expect((await read(ctx(), mia, id)).statusCode).toBe(404);
  });

  it("never lets a stand-in approve for the first approver", async () => {
    const { ana, fabio, dora, rita } = await desk();
    // Dora is in Financeiro too: she gives the first approval, then goes away naming Fábio.
    await joinTeam(ctx(), "financeiro", dora.email);
    expect((await choose(dora, fabio.user.id)).statusCode).toBe(200);
    const id = await sendReembolso(ctx(), ana, { valor: "R$ 1.500,00" });
    await act(ctx(), dora, "reembolso", id, { acao: "assumir" });
    const first = await act(ctx(), dora, "reembolso", id, { acao: "aprovar", confirmarAlertas: true });
    expect(first.json()).toMatchObject({ aguardandoAprovacaoDe: "Diretoria" });
    const monday = mondayAhead(12);
    await away(dora, rita, monday);
    at(monday);
    const refused = await act(ctx(), fabio, "reembolso", id, { acao: "aprovar", confirmarAlertas: true });
    expect(refused.statusCode).toBe(403);
  });
});
