import { afterAll, beforeEach, expect, it } from "vitest";
import { OPTIONAL_DAYS } from "@/domain/calendar/holidays";
import { todayInSaoPaulo } from "@/domain/dates";
import { officeHolidayOn, setHolidaySource } from "@/domain/sla/holidays";
import { joinTeam, person } from "../../testing/people";
import { describeWithApp } from "../../testing/test-app";
import {
  call,
  emptyCalendar,
  expectNoWorkingDay,
  oneDayOff,
  workingDayAhead,
} from "./testing/holiday-fixtures";

/*
 * 'Feriados' (docs/decisions/060): every signed-in person reads the office's calendar;
 * administrators and RH (a member of a team that handles 'Ausência') choose the optional days
 * and add or remove the agency's days, and each change is the calendar every count uses at once.
 */

const env = { REQUIRE_EMAIL_VERIFICATION: "false", ADMIN_EMAILS: "admin@agencia.digital" };
const DAY_ID = "0b6a1c2e-3f4d-4e5f-8a9b-0c1d2e3f4a5b";
const writes = (id = DAY_ID) => [
  {
    method: "PUT" as const,
    url: "/api/feriados/facultativos",
    payload: { facultativos: ["carnaval-terca"] },
  },
  {
    method: "POST" as const,
    url: "/api/feriados/dias-da-agencia",
    payload: { data: "2026-12-26", nome: "Recesso" },
  },
  { method: "DELETE" as const, url: `/api/feriados/dias-da-agencia/${id}` },
];

afterAll(() => setHolidaySource(null));

describeWithApp("'Feriados': who may read and change it (docs/decisions/060)", { env }, (ctx) => {
  beforeEach(() => emptyCalendar(ctx()));

  it("answers 401 signed out, to reads and writes alike", async () => {
    for (const request of [{ url: "/api/feriados" }, ...writes()]) {
      const res = await call(ctx().app, null, request);
      expect(res.statusCode, request.url).toBe(401);
    }
  });

  it("refuses every write with 403 to whoever is not RH, and changes nothing", async () => {
    const rita = await person(ctx(), "rita@agencia.digital", "Rita RH");
    await joinTeam(ctx(), "rh", rita.email);
    const added = await call(ctx().app, rita, {
      method: "POST",
      url: "/api/feriados/dias-da-agencia",
      payload: { data: "2026-12-28", nome: "Recesso" },
    });
    expect(added.statusCode, added.body).toBe(201);
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio Financeiro");
    await joinTeam(ctx(), "financeiro", fabio.email);
    for (const who of [ana, fabio])
      for (const request of writes(added.json().id)) {
        const res = await call(ctx().app, who, request);
        expect(res.statusCode, `${who.email} ${request.method}`).toBe(403);
        expect(res.json().message).toBe("Acesso negado");
      }
    // They still read it: the web shades and names the days off with it.
    const read = await call(ctx().app, ana, { url: "/api/feriados?ano=2026" });
    expect(read.statusCode).toBe(200);
    expect(read.json().diasDaAgencia).toEqual([{ id: added.json().id, data: "2026-12-28", nome: "Recesso" }]);
    expect(read.json().facultativos.every((day: { observado: boolean }) => !day.observado)).toBe(true);
  });

  it("answers 400 with the form's Portuguese messages, field by field", async () => {
    const admin = await person(ctx(), "admin@agencia.digital", "Admin");
    const post = (payload: unknown) =>
      call(ctx().app, admin, { method: "POST", url: "/api/feriados/dias-da-agencia", payload });
    const cases: [unknown, Record<string, string>][] = [
      [{}, { data: "Informe a data", nome: "Informe o nome do dia" }],
      [{ data: "2026-02-30", nome: "Recesso" }, { data: "Data inválida" }],
      [{ data: "26/12/2026", nome: "Recesso" }, { data: "Data inválida" }],
      [{ data: "2101-01-02", nome: "Recesso" }, { data: "Data inválida" }],
      [{ data: "2026-12-26", nome: " a " }, { nome: "Informe o nome do dia" }],
      [{ data: "2026-12-26", nome: "x".repeat(81) }, { nome: "O nome pode ter no máximo 80 caracteres" }],
    ];
    for (const [payload, fields] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields, JSON.stringify(payload)).toEqual(fields);
    }
    const unknownKey = await call(ctx().app, admin, {
      method: "PUT",
      url: "/api/feriados/facultativos",
      payload: { facultativos: ["carnaval-segunda", "dia-do-cliente"] },
    });
    expect(unknownKey.statusCode).toBe(400);
    expect(unknownKey.json().fields).toEqual({ facultativos: "Dia facultativo desconhecido" });
    for (const ano of ["2018", "2101", "dois mil", "2026.5", ""]) {
      const res = await call(ctx().app, admin, { url: `/api/feriados?ano=${encodeURIComponent(ano)}` });
      expect(res.statusCode, ano).toBe(400);
      expect(res.json().fields, ano).toEqual({ ano: "Ano inválido" });
    }
    // Nothing of it was stored.
    const read = await call(ctx().app, admin, { url: "/api/feriados?ano=2026" });
    expect(read.json().diasDaAgencia).toEqual([]);
  });

  it("refuses a second day on the same date, and answers 404 for a day it does not have", async () => {
    const admin = await person(ctx(), "admin@agencia.digital", "Admin");
    const post = (nome: string) =>
      call(ctx().app, admin, {
        method: "POST",
        url: "/api/feriados/dias-da-agencia",
        payload: { data: "2026-12-24", nome },
      });
    expect((await post("Véspera de Natal")).statusCode).toBe(201);
    const again = await post("Recesso de Natal");
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toEqual({ data: "Já existe um dia da agência nessa data" });
    for (const id of [DAY_ID, "não-é-um-id"]) {
      const res = await call(ctx().app, admin, {
        method: "DELETE",
        url: `/api/feriados/dias-da-agencia/${id}`,
      });
      expect(res.statusCode, id).toBe(404);
    }
  });
});

describeWithApp("'Feriados': the office's calendar (docs/decisions/060)", { env }, (ctx) => {
  beforeEach(() => emptyCalendar(ctx()));

  it("answers the year's national, state and city holidays of São Paulo, and the optional days", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const res = await call(ctx().app, ana, { url: "/api/feriados?ano=2026" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const body = res.json();
    expect(body).toMatchObject({ ano: 2026, estado: "SP", cidade: "São Paulo", cidadeReconhecida: true });
    const on = (data: string) => body.feriados.find((h: { data: string }) => h.data === data);
    expect(on("2026-04-03")).toEqual({ data: "2026-04-03", nome: "Sexta-feira Santa", tipo: "nacional" });
    expect(on("2026-07-09")?.tipo).toBe("estadual");
    expect(on("2026-01-25")?.tipo).toBe("municipal");
    expect(on("2026-11-20")?.tipo).toBe("nacional");
    // Not observed yet: Carnaval is a working day.
    expect(on("2026-02-17")).toBeUndefined();
    expect(body.facultativos.map((d: { chave: string }) => d.chave)).toEqual(OPTIONAL_DAYS.map((d) => d.key));
    expect(body.facultativos[1]).toEqual({
      chave: "carnaval-terca",
      nome: "Carnaval (terça-feira)",
      data: "2026-02-17",
      observado: false,
    });
    // The current year by default.
    const current = await call(ctx().app, ana, { url: "/api/feriados" });
    expect(current.json().ano).toBe(Number(todayInSaoPaulo().slice(0, 4)));
  });

  it("RH's choices are in the answer and in every count at once, and removing a day gives it back", async () => {
    const rita = await person(ctx(), "rita@agencia.digital", "Rita RH");
    await joinTeam(ctx(), "rh", rita.email);
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const bruno = await person(ctx(), "bruno@agencia.digital", "Bruno Lima");
    const day = workingDayAhead();
    const year = Number(day.slice(0, 4));

    const observed = await call(ctx().app, rita, {
      method: "PUT",
      url: "/api/feriados/facultativos",
      payload: { facultativos: ["vespera-natal", "carnaval-segunda", "carnaval-segunda"] },
    });
    expect(observed.statusCode, observed.body).toBe(204);
    const added = await call(ctx().app, rita, {
      method: "POST",
      url: "/api/feriados/dias-da-agencia",
      payload: { data: day, nome: "  Recesso da agência  " },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({ id: expect.any(String), data: day, nome: "Recesso da agência" });

    const read = (await call(ctx().app, ana, { url: `/api/feriados?ano=${year}` })).json();
    expect(
      read.facultativos
        .filter((d: { observado: boolean }) => d.observado)
        .map((d: { chave: string }) => d.chave),
    ).toEqual(["carnaval-segunda", "vespera-natal"]);
    expect(read.feriados).toContainEqual({
      data: `${year}-12-24`,
      nome: "Véspera de Natal",
      tipo: "facultativo",
    });
    expect(read.feriados).toContainEqual({ data: day, nome: "Recesso da agência", tipo: "agencia" });
    expect(read.diasDaAgencia).toEqual([added.json()]);
    // The process-wide calendar, which the service levels and day counts read, has it already.
    expect(officeHolidayOn(day)).toEqual({ data: day, nome: "Recesso da agência", tipo: "agencia" });
    expectNoWorkingDay(await oneDayOff(ctx(), ctx().app, ana, day));

    const removed = await call(ctx().app, rita, {
      method: "DELETE",
      url: `/api/feriados/dias-da-agencia/${added.json().id}`,
    });
    expect(removed.statusCode).toBe(204);
    expect(officeHolidayOn(day)).toBeUndefined();
    expect((await oneDayOff(ctx(), ctx().app, bruno, day)).status).toBe(201);
    expect((await call(ctx().app, ana, { url: `/api/feriados?ano=${year}` })).json().diasDaAgencia).toEqual(
      [],
    );
  });

  it("lets an administrator who is in no team change it too", async () => {
    const admin = await person(ctx(), "admin@agencia.digital", "Admin");
    const res = await call(ctx().app, admin, {
      method: "PUT",
      url: "/api/feriados/facultativos",
      payload: { facultativos: ["corpus-christi"] },
    });
    expect(res.statusCode, res.body).toBe(204);
    const read = (await call(ctx().app, admin, { url: "/api/feriados?ano=2027" })).json();
    expect(read.facultativos.find((d: { chave: string }) => d.chave === "corpus-christi").observado).toBe(
      true,
    );
  });
});
