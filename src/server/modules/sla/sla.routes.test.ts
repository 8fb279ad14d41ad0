import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { businessMinutesBetween } from "@/domain/sla/business-hours";
import { JOB_NAMES } from "../../jobs/jobs";
import { joinTeam, type Person, person } from "../../testing/people";
import { describeWithApp, type TestContext } from "../../testing/test-app";

const env = { REQUIRE_EMAIL_VERIFICATION: "false", ADMIN_EMAILS: "admin@agencia.digital" };
async function sendTicket(ctx: TestContext, who: Person) {
  const response = await ctx.app.inject({
    method: "POST",
    url: "/api/solicitacoes/suporte",
    headers: { cookie: who.cookie },
    payload: {
      departamento: "Financeiro",
      assunto: "Nota fiscal",
      descricao: "Preciso da nota.",
      prioridade: "alta",
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

const act = (ctx: TestContext, who: Person, id: string, payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: "POST",
    url: `/api/solicitacoes/suporte/${id}/acoes`,
    headers: { cookie: who.cookie },
    payload,
  });

const setTarget = (ctx: TestContext, who: Person, kind: string, metaHoras: number | null) =>
  ctx.app.inject({
    method: "PUT",
    url: `/api/admin/prazos/${kind}`,
    headers: { cookie: who.cookie },
    payload: { metaHoras },
  });

async function clockOf(ctx: TestContext, id: string) {
  const result = await ctx.database.db.execute(
    sql`select status, sla_minutes from requests where id = ${id}`,
  );
  return result.rows[0] as { status: string; sla_minutes: number };
}

/** Puts the current state's start back in time (the database's now() cannot be injected). */
async function stateBegan(ctx: TestContext, id: string, at: string) {
  await ctx.database.db.execute(
    sql`update requests set status_changed_at = ${at}::timestamptz where id = ${id}`,
  );
}

let clock = new Date("2026-11-18T08:30:00-03:00");

describeWithApp("service levels (decision 014)", { env, clock: () => clock }, (ctx) => {
  it("administrators set a kind's target; anyone else is refused; the trail keeps it", async () => {
    await ctx().database.db.execute(sql`delete from service_levels`);
    const admin = await person(ctx(), "admin@agencia.digital", "Admin");
    const ana = await person(ctx(), "ana@agencia.digital", "Ana");
    expect((await setTarget(ctx(), ana, "suporte", 8)).statusCode).toBe(403);
    expect((await setTarget(ctx(), admin, "suporte", 0)).statusCode).toBe(400);
    expect((await setTarget(ctx(), admin, "suporte", 8)).json()).toEqual({ tipo: "suporte", metaHoras: 8 });
    const list = await ctx().app.inject({ url: "/api/admin/prazos", headers: { cookie: admin.cookie } });
    expect(list.json().items).toContainEqual({ tipo: "suporte", metaHoras: 8 });
    expect(list.json().items).toContainEqual({ tipo: "reembolso", metaHoras: null });
    expect((await setTarget(ctx(), admin, "suporte", null)).statusCode).toBe(200);
    const trail = await ctx().database.db.execute(
      sql`select type from events where subject_kind = 'prazo:suporte' order by id`,
    );
    expect(trail.rows.map((r) => (r as { type: string }).type)).toEqual(["prazo_definido", "prazo_removido"]);
  });

  it("the clock counts the team's business time and pauses while the request waits on its requester", async () => {
    await ctx().database.db.execute(sql`delete from service_levels`);
    const admin = await person(ctx(), "admin@agencia.digital", "Admin");
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio");
    await joinTeam(ctx(), "financeiro", fabio.email);
    await setTarget(ctx(), admin, "suporte", 8);
    const id = await sendTicket(ctx(), ana);
    expect((await act(ctx(), fabio, id, { acao: "assumir" })).statusCode).toBe(200);

    // In 'Em atendimento' since Monday 16 November 10:00: that state's business minutes are added on leaving it.
    await ctx().database.db.execute(sql`update requests set sla_minutes = 0 where id = ${id}`);
    const began = "2026-11-16T10:00:00-03:00";
    await stateBegan(ctx(), id, began);
    const before = businessMinutesBetween(new Date(began), new Date());
    expect((await act(ctx(), fabio, id, { acao: "pedir_informacao", motivo: "Qual nota?" })).statusCode).toBe(
      200,
    );
    const after = businessMinutesBetween(new Date(began), new Date());
    const waiting = await clockOf(ctx(), id);
    expect(waiting.status).toBe("aguardando_solicitante");
    expect(waiting.sla_minutes).toBeGreaterThanOrEqual(before);
    expect(waiting.sla_minutes).toBeLessThanOrEqual(after);
    expect(waiting.sla_minutes).toBeGreaterThan(8 * 60);

    // A month waiting on Ana adds nothing.
    await stateBegan(ctx(), id, "2026-10-01T10:00:00-03:00");
    expect((await act(ctx(), fabio, id, { acao: "retomar" })).statusCode).toBe(200);
    expect((await clockOf(ctx(), id)).sla_minutes).toBe(waiting.sla_minutes);

    // Past the 8 h target: the reviewer reads how late, the requester only the word.
    const forFabio = await ctx().app.inject({
      url: `/api/solicitacoes/suporte/${id}`,
      headers: { cookie: fabio.cookie },
    });
    expect(forFabio.json().situacao.prazo).toMatchObject({ situacao: "atrasada", pausado: false });
    expect(forFabio.json().situacao.prazo.restanteMinutos).toBeLessThan(0);
    const forAna = await ctx().app.inject({
      url: `/api/solicitacoes/suporte/${id}`,
      headers: { cookie: ana.cookie },
    });
    expect(forAna.json().situacao.prazo).toEqual({
      situacao: "atrasada",
      pausado: false,
      restanteMinutos: null,
    });
    const queue = await ctx().app.inject({ url: "/api/caixa", headers: { cookie: fabio.cookie } });
    expect(queue.json().items[0].prazo).toMatchObject({ situacao: "atrasada" });
  });

  it("a daily e-mail lists each reviewer's late requests, once a business day from 9:00", async () => {
    await ctx().database.db.execute(sql`delete from service_levels`);
    const admin = await person(ctx(), "admin@agencia.digital", "Admin");
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio");
    const rita = await person(ctx(), "rita@agencia.digital", "Rita");
    await joinTeam(ctx(), "financeiro", fabio.email);
    await joinTeam(ctx(), "rh", rita.email);
    await setTarget(ctx(), admin, "suporte", 8);
    const late = await sendTicket(ctx(), ana);
    await sendTicket(ctx(), ana);
    // Sent Monday 16 November at 10:00: by Wednesday 9:00 it has used 17 business hours.
    await stateBegan(ctx(), late, "2026-11-16T10:00:00-03:00");

    clock = new Date("2026-11-18T08:30:00-03:00");
    expect(await ctx().app.jobs.runOnce(JOB_NAMES.lateReminder)).toBe(0);
    clock = new Date("2026-11-18T09:05:00-03:00");
    expect(await ctx().app.jobs.runOnce(JOB_NAMES.lateReminder)).toBe(1);
    const mail = await ctx().mail.waitFor(fabio.email, { subject: /Prazo vencido: 1 solicitação atrasada/ });
    expect(mail.text).toContain("Nota fiscal");
    expect(mail.text).toContain("Atrasada há 9 h 5 min úteis");
    expect(mail.text).toContain(`http://localhost:3000/solicitacoes/suporte/${late}`);
    // Once a day; Rita's teams have nothing late.
    expect(await ctx().app.jobs.runOnce(JOB_NAMES.lateReminder)).toBe(0);
    expect(ctx().mail.mails.filter((m) => m.to.includes(rita.email))).toEqual([]);
    // The next day it comes again.
    clock = new Date("2026-11-19T09:05:00-03:00");
    expect(await ctx().app.jobs.runOnce(JOB_NAMES.lateReminder)).toBe(1);
  });
});
