import { expect, it } from "vitest";
import { currentMonth, monthBounds, shiftMonth } from "@/domain/absences/calendar";
import { addDays, todayInSaoPaulo } from "@/domain/dates";
import { joinTeam, type Person, person } from "../../testing/people";
import { postAusencia } from "../../testing/requests";
import { describeWithApp, type TestContext } from "../../testing/test-app";

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
  const res = await postAusencia(ctx, who, fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

const calendar = (ctx: TestContext, who: Person | null, query = "") =>
  ctx.app.inject({ url: `/api/ausencias${query}`, headers: who ? { cookie: who.cookie } : {} });

describeWithApp("GET /api/ausencias (docs/decisions/040)", {}, (ctx) => {
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
    const brunos = await file(ctx(), bruno, { tipo: "banco_horas", primeiroDia: day(3), ultimoDia: day(7) });
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
      ausencias: [
        { nome: "Bruno Lima", primeiroDia: day(3), ultimoDia: day(7) },
        { nome: "Ana Souza", primeiroDia: day(10), ultimoDia: day(14) },
        { nome: "Caio Reis", primeiroDia: addDays(last, -2), ultimoDia: `${next}-03` },
      ],
    });
    // The type, the note and the request stay with RH and the person.
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
      expect(res.body).not.toContain(secret);

    const following = await calendar(ctx(), ana, `?mes=${next}`);
    expect(following.json()).toEqual({
      mes: next,
      ausencias: [{ nome: "Caio Reis", primeiroDia: addDays(last, -2), ultimoDia: `${next}-03` }],
    });
  });

  it("answers São Paulo's current month by default, an empty one when nobody is away", async () => {
    const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
    const res = await calendar(ctx(), ana);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ mes: currentMonth(todayInSaoPaulo()), ausencias: [] });
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
});
