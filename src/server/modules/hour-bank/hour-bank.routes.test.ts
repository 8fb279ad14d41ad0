import { expect, it } from "vitest";
import { addDays, todayInSaoPaulo } from "@/domain/dates";
import { businessDaysInPeriod } from "@/domain/sla/business-hours";
import { addMonths } from "@/domain/time-off/hour-bank";
import { joinTeam, type Person, person } from "../../testing/people";
import { postAusencia, sendMaterial } from "../../testing/requests";
import { describeWithApp, type TestContext } from "../../testing/test-app";

/*
 * 'Banco de horas' (docs/decisions/060), attacks first: only RH (a member of a team that handles
 * 'Ausência', or an administrator) credits; a team that handles someone's requests does not;
 * nobody credits themselves, nobody reads another's bank; the debits are the approved
 * 'Banco de horas' absences, as they stand now.
 */

const env = {
  REQUIRE_EMAIL_VERIFICATION: "false",
  ADMIN_EMAILS: "admin@agencia.digital",
  WORK_HOURS_PER_DAY: "8",
};
const today = () => todayInSaoPaulo();

const credit = (ctx: TestContext, who: Person | null, payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/banco-de-horas/creditos",
    headers: who ? { cookie: who.cookie } : {},
    payload,
  });
const mine = (ctx: TestContext, who: Person | null) =>
  ctx.app.inject({ url: "/api/me/banco-de-horas", headers: who ? { cookie: who.cookie } : {} });
const list = (ctx: TestContext, who: Person | null) =>
  ctx.app.inject({ url: "/api/banco-de-horas", headers: who ? { cookie: who.cookie } : {} });

const valid = (email: string) => ({
  email,
  horas: 4,
  minutos: 30,
  data: today(),
  motivo: "Entrega do cliente X",
});

async function act(ctx: TestContext, who: Person, id: string, acao: string) {
  const res = await ctx.app.inject({
    method: "POST",
    url: `/api/solicitacoes/ausencia/${id}/acoes`,
    headers: { cookie: who.cookie },
    payload: { acao },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describeWithApp("'Banco de horas' (docs/decisions/060)", { env }, (ctx) => {
  it("signed out is 401; anyone but RH is 403, even with a bad body", async () => {
    expect((await credit(ctx(), null, valid("ana@agencia.digital"))).statusCode).toBe(401);
    expect((await mine(ctx(), null)).statusCode).toBe(401);
    expect((await list(ctx(), null)).statusCode).toBe(401);
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const bruno = await person(ctx(), "bruno@agencia.digital", "Bruno Lima");
    expect((await credit(ctx(), bruno, valid(ana.email))).statusCode).toBe(403);
    expect((await credit(ctx(), bruno, { horas: "x" })).statusCode).toBe(403);
    expect((await list(ctx(), bruno)).statusCode).toBe(403);
    expect((await mine(ctx(), ana)).json()).toMatchObject({
      saldoMinutos: 0,
      movimentos: [],
      meses: 6,
      horasPorDia: 8,
    });
  });

  it("bad input is 400 with each field's message in Portuguese", async () => {
    const rita = await person(ctx(), "rita@agencia.digital", "Rita RH");
    await joinTeam(ctx(), "rh", rita.email);
    await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const res = await credit(ctx(), rita, {
      email: "",
      horas: 500,
      minutos: 75,
      data: addDays(today(), 1),
      motivo: "",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      email: "Escolha a pessoa",
      horas: "Informe as horas, de 0 a 200",
      minutos: "Informe os minutos, de 0 a 59",
      data: "A data deve ser de hoje ou de até um ano atrás",
      motivo: "Informe o motivo",
    });
    const zero = await credit(ctx(), rita, { ...valid("ana@agencia.digital"), horas: 0, minutos: 0 });
    expect(zero.json().fields).toEqual({ horas: "Informe um tempo maior que zero" });
    const old = await credit(ctx(), rita, { ...valid("ana@agencia.digital"), data: addDays(today(), -400) });
    expect(old.json().fields).toEqual({ data: "A data deve ser de hoje ou de até um ano atrás" });
    const nobody = await credit(ctx(), rita, valid("ninguem@agencia.digital"));
    expect(nobody.json().fields).toEqual({ email: "Pessoa não encontrada" });
    const self = await credit(ctx(), rita, valid(rita.email));
    expect(self.json().fields).toEqual({ email: "Você não pode lançar horas para você mesmo." });
  });

  it("RH credits anyone; a team that handles someone's requests credits nobody; each reads only their own", async () => {
    const rita = await person(ctx(), "rita@agencia.digital", "Rita RH");
    await joinTeam(ctx(), "rh", rita.email);
    const admin = await person(ctx(), "admin@agencia.digital", "Admin");
    const gestor = await person(ctx(), "gestor@agencia.digital", "Gil Compras");
    await joinTeam(ctx(), "compras", gestor.email);
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const bruno = await person(ctx(), "bruno@agencia.digital", "Bruno Lima");
    await sendMaterial(ctx(), ana);

    expect((await credit(ctx(), rita, valid(ana.email))).statusCode).toBe(201);
    expect((await credit(ctx(), admin, { ...valid(bruno.email), horas: 2, minutos: 0 })).statusCode).toBe(
      201,
    );
    // Compras handles Ana's material request: that makes it no manager of hers.
    expect((await credit(ctx(), gestor, { ...valid(ana.email), horas: 1, minutos: 0 })).statusCode).toBe(403);
    expect((await credit(ctx(), gestor, valid(bruno.email))).statusCode).toBe(403);
    expect((await list(ctx(), gestor)).statusCode).toBe(403);

    const anas = (await mine(ctx(), ana)).json();
    expect(anas.saldoMinutos).toBe(4 * 60 + 30);
    expect(anas.aVencer[0]).toMatchObject({ data: today(), venceEm: addMonths(today(), 6) });
    const brunos = (await mine(ctx(), bruno)).json();
    expect(brunos.saldoMinutos).toBe(120);
    expect(brunos.movimentos).toMatchObject([
      { data: today(), minutos: 120, motivo: "Entrega do cliente X", solicitacaoId: null },
    ]);

    const ritas = (await list(ctx(), rita)).json();
    expect(
      ritas.pessoas.map((p: { email: string; saldoMinutos: number }) => [p.email, p.saldoMinutos]),
    ).toEqual(
      expect.arrayContaining([
        [ana.email, 270],
        [bruno.email, 120],
      ]),
    );
    expect(ritas.pessoas.some((p: { email: string }) => p.email === rita.email)).toBe(false);
  });

  it("an approved 'Banco de horas' absence takes its working days times the day; cancelled, it gives them back", async () => {
    const rita = await person(ctx(), "rita@agencia.digital", "Rita RH");
    await joinTeam(ctx(), "rh", rita.email);
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    expect((await credit(ctx(), rita, { ...valid(ana.email), horas: 40, minutos: 0 })).statusCode).toBe(201);
    const first = addDays(today(), 21);
    const last = addDays(today(), 23);
    const sent = await postAusencia(ctx(), ana, { tipo: "banco_horas", primeiroDia: first, ultimoDia: last });
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().id as string;
    // Waiting: nothing taken yet.
    expect((await mine(ctx(), ana)).json().saldoMinutos).toBe(40 * 60);
    await act(ctx(), rita, id, "assumir");
    await act(ctx(), rita, id, "aprovar");
    const taken = businessDaysInPeriod(first, last) * 8 * 60;
    const after = (await mine(ctx(), ana)).json();
    expect(after.saldoMinutos).toBe(40 * 60 - taken);
    expect(after.movimentos[0]).toMatchObject({ minutos: -taken, solicitacaoId: id, data: first });
    await act(ctx(), ana, id, "cancelar");
    expect((await mine(ctx(), ana)).json().saldoMinutos).toBe(40 * 60);
  });

  it("more than the balance is allowed, and RH sees the balance negative", async () => {
    const rita = await person(ctx(), "rita@agencia.digital", "Rita RH");
    await joinTeam(ctx(), "rh", rita.email);
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    let day = addDays(today(), 30);
    while (businessDaysInPeriod(day, day) === 0) day = addDays(day, 1);
    const sent = await postAusencia(ctx(), ana, { tipo: "banco_horas", primeiroDia: day, ultimoDia: day });
    expect(sent.statusCode, sent.body).toBe(201);
    await act(ctx(), rita, sent.json().id, "assumir");
    await act(ctx(), rita, sent.json().id, "aprovar");
    const row = (await list(ctx(), rita))
      .json()
      .pessoas.find((p: { email: string }) => p.email === ana.email);
    expect(row).toMatchObject({ saldoMinutos: -480, devendoMinutos: 480 });
  });
});
