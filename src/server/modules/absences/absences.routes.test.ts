import { sql } from "drizzle-orm";
import { afterAll, expect, it, vi } from "vitest";
import { currentMonth, monthBounds, shiftMonth } from "@/domain/absences/calendar";
import { addDays, todayInSaoPaulo } from "@/domain/dates";
import { setHolidaySource } from "@/domain/sla/holidays";
import { joinTeam, type Person, person } from "../../testing/people";
import { postAusencia } from "../../testing/requests";
import { describeWithApp, secondInstance, type TestContext } from "../../testing/test-app";

/*
 * 'Quem está fora' (docs/decisions/040): every signed-in person sees who is
 * away in a month, by name and period only, from the approved absences.
 */

/** A month far enough ahead for every period below to be one an absence may take. */
function monthAhead() {
  const mes = currentMonth(addDays(todayInSaoPaulo(), 40));
  const { last } = monthBounds(mes);
  return { mes, next: shiftMonth(mes, 1), day: (n: number) => `${mes}-${String(n).padStart(2, "0")}`, last };
}

function act(ctx: TestContext, who: Person, id: string, body: Record<string, unknown>) {
  return ctx.app
    .inject({
      method: "POST",
      url: `/api/solicitacoes/ausencia/${id}/acoes`,
      headers: { cookie: who.cookie },
      payload: body,
    })
    .then((res) => {
      expect(res.statusCode, res.body).toBe(200);
    });
}

async function file(ctx: TestContext, who: Person, fields: Record<string, string>) {
  // 'Folga' by default: these dates fall on any weekday, where 'Férias' may not start (decision 060).
  const res = await postAusencia(ctx, who, { tipo: "folga", ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

afterAll(() => setHolidaySource(null));

const calendar = (ctx: TestContext, who: Person | null, query = "") =>
  ctx.app.inject({ url: `/api/ausencias${query}`, headers: who ? { cookie: who.cookie } : {} });

describeWithApp(
  "GET /api/ausencias (docs/decisions/040)",
  { env: { ADMIN_EMAILS: "admin@agencia.digital" } },
  (ctx) => {
    it("shows the approved absences by name and period, and nothing else of them", async () => {
      const { mes, next, day, last } = monthAhead();
      const rita = await person(ctx(), "rita@agencia.digital", "Rita RH");
      await joinTeam(ctx(), "rh", rita.email);
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const bruno = await person(ctx(), "bruno@agencia.digital", "Bruno Lima");
      const caio = await person(ctx(), "caio@agencia.digital", "Caio Reis");
      const davi = await person(ctx(), "davi@agencia.digital", "Davi Prado");
      const colega = await person(ctx(), "ze@agencia.digital", "Zé Colega");
      const note = "Cirurgia marcada no hospital";
      const approve = async (id: string) => {
        await act(ctx(), rita, id, { acao: "assumir" });
        await act(ctx(), rita, id, { acao: "aprovar" });
      };
      const anas = await file(ctx(), ana, {
        tipo: "folga",
        primeiroDia: day(10),
        ultimoDia: day(14),
        observacao: note,
      });
      await approve(anas);
      const brunos = await file(ctx(), bruno, {
        tipo: "banco_horas",
        primeiroDia: day(3),
        ultimoDia: day(7),
      });
      await approve(brunos);
      // Across the turn of the month: shown in both.
      const caios = await file(ctx(), caio, { primeiroDia: addDays(last, -2), ultimoDia: `${next}-03` });
      await approve(caios);
      // Pending, refused and cancelled absences are nobody's business (refused and cancelled ones
      // free their days: the pending one may overlap them).
      const refused = await file(ctx(), davi, { primeiroDia: day(4), ultimoDia: day(8) });
      await act(ctx(), rita, refused, { acao: "assumir" });
      await act(ctx(), rita, refused, { acao: "recusar", motivo: "Equipe desfalcada" });
      const cancelled = await file(ctx(), davi, { primeiroDia: day(5), ultimoDia: day(9) });
      await approve(cancelled);
      await act(ctx(), davi, cancelled, { acao: "cancelar" });
      await file(ctx(), davi, { primeiroDia: day(3), ultimoDia: day(20) });

      const res = await calendar(ctx(), colega, `?mes=${mes}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.json()).toEqual({
        mes,
        feriados: expect.any(Array),
        ausencias: [
          { nome: "Bruno Lima", primeiroDia: day(3), ultimoDia: day(7) },
          { nome: "Ana Souza", primeiroDia: day(10), ultimoDia: day(14) },
          { nome: "Caio Reis", primeiroDia: addDays(last, -2), ultimoDia: `${next}-03` },
        ],
      });
      // The type, the note and the request stay with RH and the person (the holidays beside the
      // periods have a 'tipo' of their own: the office's, no secret).
      const periods = JSON.stringify(res.json().ausencias);
      for (const secret of [
        "folga",
        "banco_horas",
        "ferias",
        note,
        anas,
        brunos,
        caios,
        "tipo",
        "observacao",
        '"id"',
      ])
        expect(periods).not.toContain(secret);
      for (const secret of [note, anas, brunos, caios, "observacao", '"id"'])
        expect(res.body).not.toContain(secret);

      const following = await calendar(ctx(), ana, `?mes=${next}`);
      expect(following.json()).toEqual({
        mes: next,
        feriados: expect.any(Array),
        ausencias: [{ nome: "Caio Reis", primeiroDia: addDays(last, -2), ultimoDia: `${next}-03` }],
      });
    });

    it("answers São Paulo's current month by default, an empty one when nobody is away", async () => {
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const res = await calendar(ctx(), ana);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        mes: currentMonth(todayInSaoPaulo()),
        ausencias: [],
        feriados: expect.any(Array),
      });
    });

    it("names the office's days off of the month: the law's, the observed optional ones and the agency's", async () => {
      const admin = await person(ctx(), "admin@agencia.digital", "Admin");
      const change = (method: "PUT" | "POST", url: string, payload: Record<string, unknown>) =>
        ctx().app.inject({ method, url, headers: { cookie: admin.cookie }, payload });
      try {
        expect(
          (await change("PUT", "/api/feriados/facultativos", { facultativos: ["vespera-natal"] })).statusCode,
        ).toBe(204);
        const added = await change("POST", "/api/feriados/dias-da-agencia", {
          data: "2030-12-30",
          nome: "Recesso",
        });
        expect(added.statusCode).toBe(201);
        const res = await calendar(ctx(), admin, "?mes=2030-12");
        expect(res.json().feriados).toEqual([
          { data: "2030-12-24", nome: "Véspera de Natal", tipo: "facultativo" },
          { data: "2030-12-25", nome: "Natal", tipo: "nacional" },
          { data: "2030-12-30", nome: "Recesso", tipo: "agencia" },
        ]);
        // Only the month's: November's days off are November's.
        const november = await calendar(ctx(), admin, "?mes=2030-11");
        expect(november.json().feriados.map((h: { data: string }) => h.data)).toEqual([
          "2030-11-02",
          "2030-11-15",
          "2030-11-20",
        ]);
      } finally {
        await ctx().database.db.execute(sql`delete from dias_da_agencia`);
        await ctx().database.db.execute(sql`delete from calendario_escritorio`);
        await ctx().app.holidayLoader.reload();
      }
    });

    it("keeps a month until an absence enters it, on this instance and on another (PostgreSQL)", async () => {
      const { mes, day } = monthAhead();
      const rita = await person(ctx(), "rita@agencia.digital", "Rita RH");
      await joinTeam(ctx(), "rh", rita.email);
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const other = ctx().kind === "postgres" ? await secondInstance(ctx()) : null;
      try {
        const names = async (app: TestContext["app"]) =>
          (await app.inject({ url: `/api/ausencias?mes=${mes}`, headers: { cookie: rita.cookie } }))
            .json()
            .ausencias.map((a: { nome: string }) => a.nome);
        // Both instances keep the month, empty.
        expect(await names(ctx().app)).toEqual([]);
        if (other) expect(await names(other)).toEqual([]);
        const id = await file(ctx(), ana, { primeiroDia: day(3), ultimoDia: day(7) });
        await act(ctx(), rita, id, { acao: "assumir" });
        await act(ctx(), rita, id, { acao: "aprovar" });
        // The instance that approved answers the new month at once; the other once it hears the event.
        expect(await names(ctx().app)).toEqual(["Ana Souza"]);
        if (other)
          await vi.waitFor(async () => expect(await names(other)).toEqual(["Ana Souza"]), { timeout: 5000 });
      } finally {
        await other?.close();
      }
    });

    it("answers 401 signed out and 400 'Mês inválido' for a month it does not know", async () => {
      const signedOut = await calendar(ctx(), null, "?mes=2026-12");
      expect(signedOut.statusCode).toBe(401);
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      for (const mes of ["2026-13", "2026-00", "2026-1", "dezembro", "2018-12", "2101-01", ""]) {
        const res = await calendar(ctx(), ana, `?mes=${encodeURIComponent(mes)}`);
        expect(res.statusCode, mes).toBe(400);
        expect(res.json().fields, mes).toEqual({ mes: "Mês inválido" });
      }
      for (const mes of ["2019-01", "2100-12"])
        expect((await calendar(ctx(), ana, `?mes=${mes}`)).statusCode, mes).toBe(200);
    });
  },
);
