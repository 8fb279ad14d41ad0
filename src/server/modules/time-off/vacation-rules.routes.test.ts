import { expect, it } from "vitest";
import { addDays, formatDateBR, todayInSaoPaulo } from "@/domain/dates";
import { isOfficeHoliday } from "@/domain/sla/holidays";
import { acquisitionPeriod } from "@/domain/time-off/acquisition";
import type { TeamBalances, VacationBalanceView } from "@/domain/time-off/vacation-api";
import { abonoDeadline, vacationPaymentDate } from "@/domain/time-off/vacation-rules";
import { joinTeam, type Person, person } from "../../testing/people";
import { firstVacationMonday, postAusencia } from "../../testing/requests";
import { describeWithApp, type TestContext } from "../../testing/test-app";

/*
 * The CLT's rules on 'Férias', each refused through the API with its own message (decision 060):
 * dates are picked relative to today, on Mondays where no holiday bites, so they never flake.
 */

const env = { ADMIN_EMAILS: "admin@agencia.digital" };
const today = todayInSaoPaulo();
/** Period 1 complete 35 days ago: its 30 days are owed now. */
const ADMITTED = addDays(today, -400);
const M = firstVacationMonday(addDays(today, 40));

let admin: Person;

async function staff(ctx: TestContext, email: string, admission: string | null = ADMITTED): Promise<Person> {
  const who = await person(ctx, email, email.split("@")[0]!);
  if (admission) {
    const set = await ctx.app.inject({
      method: "PUT",
      url: "/api/ferias/admissoes",
      headers: { cookie: admin.cookie },
      payload: { email, dataAdmissao: admission },
    });
    expect(set.statusCode, set.body).toBe(200);
  }
  return who;
}

/** 'Férias' of `days` calendar days from `first`. */
const ferias = (
  ctx: TestContext,
  who: Person,
  first: string,
  days: number,
  extra: Record<string, string> = {},
) =>
  postAusencia(ctx, who, {
    tipo: "ferias",
    primeiroDia: first,
    ultimoDia: addDays(first, days - 1),
    ...extra,
  });

async function refusedWith(res: Awaited<ReturnType<typeof postAusencia>>, field: string, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().fields?.[field]).toBe(message);
}

describeWithApp("the CLT's rules on 'Férias', through the API (decision 060)", { env }, (ctx) => {
  it("each rule of art. 134 refuses with its own message", async () => {
    admin = await person(ctx(), "admin@agencia.digital", "Alice Admin");
    const ana = await staff(ctx(), "ana@agencia.digital");
    await refusedWith(
      await ferias(ctx(), ana, M, 4),
      "ultimoDia",
      "Cada parte das férias deve ter ao menos 5 dias corridos.",
    );
    await refusedWith(
      await ferias(ctx(), ana, addDays(M, 4), 14),
      "primeiroDia",
      "As férias não podem começar nos 2 dias antes de um feriado ou do descanso semanal (domingo).",
    );
    await refusedWith(
      await ferias(ctx(), ana, M, 31),
      "ultimoDia",
      "Você tem 30 dias de férias disponíveis neste período.",
    );
    await refusedWith(
      await ferias(ctx(), ana, M, 27),
      "ultimoDia",
      "Com estas datas, os dias que sobram do período não poderão ser tirados (cada parte precisa de ao menos 5 dias).",
    );
    // 10 days now leaves 20 (a 14 may still come); 10 more leaves 10, and no part reaches 14.
    expect((await ferias(ctx(), ana, M, 10)).statusCode).toBe(201);
    const later = firstVacationMonday(addDays(M, 14));
    await refusedWith(
      await ferias(ctx(), ana, later, 10),
      "ultimoDia",
      "Uma das partes das férias deve ter ao menos 14 dias corridos.",
    );
  });

  it("at most three parts; the balance counts what is pending; the pay day is kept on the request", async () => {
    admin = await person(ctx(), "admin@agencia.digital", "Alice Admin");
    const bia = await staff(ctx(), "bia@agencia.digital");
    // Six unjustified absences: 24 days (art. 130), taken as 14 + 5 + 5.
    const faltas: string[] = [];
    for (let n = 0; n < 6; n++) {
      const res = await ctx().app.inject({
        method: "POST",
        url: "/api/ferias/faltas",
        headers: { cookie: admin.cookie },
        payload: { email: bia.email, data: addDays(ADMITTED, 30 + n) },
      });
      faltas.push(res.json().id);
    }
    const starts = [M, firstVacationMonday(addDays(M, 21)), firstVacationMonday(addDays(M, 35))] as const;
    const first = await ferias(ctx(), bia, starts[0], 14);
    expect(first.statusCode, first.body).toBe(201);
    const second = await ferias(ctx(), bia, starts[1], 5);
    expect(second.statusCode, second.body).toBe(201);
    expect((await ferias(ctx(), bia, starts[2], 5)).statusCode).toBe(201);
    // One absence was recorded by mistake: 30 days, 6 left, but the period has had its 3 parts.
    await ctx().app.inject({
      method: "DELETE",
      url: `/api/ferias/faltas/${faltas[0]}`,
      headers: { cookie: admin.cookie },
    });
    await refusedWith(
      await ferias(ctx(), bia, firstVacationMonday(addDays(M, 49)), 5),
      "ultimoDia",
      "As férias de um período aquisitivo podem ser divididas em no máximo 3 partes.",
    );
    const balance = (
      await ctx().app.inject({ url: "/api/me/ferias", headers: { cookie: bia.cookie } })
    ).json() as VacationBalanceView;
    expect(balance.periodos[0]).toMatchObject({ direito: 30, agendados: 24, restantes: 6 });
    const shown = await ctx().app.inject({
      url: `/api/solicitacoes/ausencia/${first.json().id}`,
      headers: { cookie: bia.cookie },
    });
    expect(shown.json().dados).toMatchObject({
      dataPagamento: vacationPaymentDate(starts[0], isOfficeHoliday),
      periodoAquisitivo: ADMITTED,
    });
  });

  it("a period not yet acquired, an abono too large or late, and one in time", async () => {
    admin = await person(ctx(), "admin@agencia.digital", "Alice Admin");
    const caio = await staff(ctx(), "caio@agencia.digital", addDays(today, -100));
    const firstAllowed = addDays(acquisitionPeriod(addDays(today, -100), 1).end, 1);
    await refusedWith(
      await ferias(ctx(), caio, M, 14),
      "primeiroDia",
      `As férias deste período só podem começar a partir de ${formatDateBR(firstAllowed)}.`,
    );
    // Period 1 ended 35 days ago: its abono's deadline is past.
    const davi = await staff(ctx(), "davi@agencia.digital");
    const deadline = abonoDeadline(acquisitionPeriod(ADMITTED, 1));
    await refusedWith(
      await ferias(ctx(), davi, M, 20, { diasVendidos: "10" }),
      "diasVendidos",
      `O abono pecuniário deve ser pedido até ${formatDateBR(deadline)}.`,
    );
    await refusedWith(
      await ferias(ctx(), davi, M, 20, { diasVendidos: "11" }),
      "diasVendidos",
      "Informe de 0 a 10 dias para vender (no máximo 1/3 das férias)",
    );
    // Admitted 300 days ago: period 1 ends in 65 days, the abono may be asked for 50 more.
    const eva = await staff(ctx(), "eva@agencia.digital", addDays(today, -300));
    const after = firstVacationMonday(addDays(today, 80));
    const sold = await ferias(ctx(), eva, after, 14, { diasVendidos: "10" });
    expect(sold.statusCode, sold.body).toBe(201);
    await refusedWith(
      await ferias(ctx(), eva, firstVacationMonday(addDays(after, 21)), 5, { diasVendidos: "1" }),
      "diasVendidos",
      "É possível vender no máximo 10 dias (1/3 das férias) por período.",
    );
  });

  it("short notice is allowed and shown to RH; without an admission date only the start rule holds", async () => {
    admin = await person(ctx(), "admin@agencia.digital", "Alice Admin");
    const fabio = await staff(ctx(), "fabio@agencia.digital");
    const soon = firstVacationMonday(addDays(today, 7));
    const res = await ferias(ctx(), fabio, soon, 30);
    expect(res.statusCode, res.body).toBe(201);
    const gil = await staff(ctx(), "gil@agencia.digital", null);
    expect((await ferias(ctx(), gil, M, 3)).statusCode).toBe(201);
    const rita = await person(ctx(), "rita@agencia.digital", "Rita RH");
    await joinTeam(ctx(), "rh", rita.email);
    const team = (
      await ctx().app.inject({ url: "/api/ferias/equipe", headers: { cookie: rita.cookie } })
    ).json() as TeamBalances;
    expect(team.avisos).toContainEqual(
      expect.objectContaining({ id: res.json().id, avisos: ["Aviso com menos de 30 dias"] }),
    );
  });
});
