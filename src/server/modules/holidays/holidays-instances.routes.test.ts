import { sql } from "drizzle-orm";
import { afterAll, beforeEach, expect, it } from "vitest";
import { officeHolidayOn, setHolidaySource } from "@/domain/sla/holidays";
import { joinTeam, person } from "../../testing/people";
import { describeWithApp, secondInstance, within } from "../../testing/test-app";
import {
  call,
  emptyCalendar,
  expectNoWorkingDay,
  oneDayOff,
  workingDayAhead,
} from "./testing/holiday-fixtures";

/*
 * The office's calendar is one per process (src/domain/sla/holidays.ts) and one per deployment
 * (docs/decisions/060): an instance reads it before it serves, and reads it again when another
 * instance changes it (the live `feriados` event), so their service levels and day counts agree.
 */

const env = { REQUIRE_EMAIL_VERIFICATION: "false", ADMIN_EMAILS: "admin@agencia.digital" };

afterAll(() => setHolidaySource(null));

describeWithApp("the office's calendar across starts and instances (docs/decisions/060)", { env }, (ctx) => {
  beforeEach(() => emptyCalendar(ctx()));

  it("is read from the database before an instance serves", async () => {
    const day = workingDayAhead(1);
    // Written as a restore would: no live event tells anyone.
    await ctx().database.db.execute(
      sql`insert into dias_da_agencia (data, nome) values (${day}, 'Dia da restauração')`,
    );
    expect(officeHolidayOn(day)).toBeUndefined();
    const started = await secondInstance(ctx());
    try {
      expect(officeHolidayOn(day)).toEqual({ data: day, nome: "Dia da restauração", tipo: "agencia" });
      expect(started.holidayLoader.choices().agencyDays).toEqual([{ data: day, nome: "Dia da restauração" }]);
    } finally {
      await started.close();
    }
    // Closed, its calendar gives way to the one of the instance still open (which read none).
    expect(officeHolidayOn(day)).toBeUndefined();
  });

  /*
   * Both instances live in this one process, so they share the holiday source: what proves the
   * second one reads the change is that the first is closed right after making it, which leaves
   * the source to the second (and this file's own instance is taken out of the way first).
   */
  it("on PostgreSQL, a day added on one instance counts on the other at once", async () => {
    if (ctx().kind !== "postgres") return;
    ctx().app.holidayLoader.close();
    const first = await secondInstance(ctx());
    const second = await secondInstance(ctx());
    try {
      const rita = await person(ctx(), "rita@agencia.digital", "Rita RH");
      await joinTeam(ctx(), "rh", rita.email);
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const bruno = await person(ctx(), "bruno@agencia.digital", "Bruno Lima");
      const day = workingDayAhead(2);
      expect((await oneDayOff(ctx(), second, ana, day)).status).toBe(201);

      const added = await call(first, rita, {
        method: "POST",
        url: "/api/feriados/dias-da-agencia",
        payload: { data: day, nome: "Recesso" },
      });
      expect(added.statusCode, added.body).toBe(201);
      await first.close();
      await within(5000, async () => second.holidayLoader.choices().agencyDays.some((d) => d.data === day));
      expect(officeHolidayOn(day)?.nome).toBe("Recesso");
      expectNoWorkingDay(await oneDayOff(ctx(), second, bruno, day));
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describeWithApp(
  "a city the holiday data does not know (docs/decisions/060)",
  { env: { ...env, OFFICE_STATE: "SP", OFFICE_CITY: "Campinas" } },
  (ctx) => {
    beforeEach(() => emptyCalendar(ctx()));

    it("says so, and gives the national and state holidays only", async () => {
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const body = (await call(ctx().app, ana, { url: "/api/feriados?ano=2026" })).json();
      expect(body).toMatchObject({ estado: "SP", cidade: "Campinas", cidadeReconhecida: false });
      const kinds = new Set(body.feriados.map((h: { tipo: string }) => h.tipo));
      expect(kinds).toEqual(new Set(["nacional", "estadual"]));
      // São Paulo city's anniversary is not Campinas's.
      expect(body.feriados.some((h: { data: string }) => h.data === "2026-01-25")).toBe(false);
    });
  },
);
