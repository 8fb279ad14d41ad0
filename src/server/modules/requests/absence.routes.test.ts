import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { addDays, todayInSaoPaulo } from "@/domain/dates";
import { SAMPLE_PDF } from "../../testing/multipart";
import { joinTeam, type Person, person } from "../../testing/people";
import { postAusencia } from "../../testing/requests";
import { describeWithApp, type TestContext } from "../../testing/test-app";
import { assignUnhandledKinds } from "../teams/kind-handlers";

/*
 * 'Ausência', the kind added as a folder (docs/decisions/039): filed with its
 * period's working days counted by the server, a certificate required for a
 * medical leave, handled by RH alone, and closed once approved.
 */

const pdf = { name: "atestado.pdf", content: SAMPLE_PDF, type: "application/pdf" };

/** The week around the next Christmas at least ten days away, and its working days counted by hand. */
function christmasWeek() {
  const today = todayInSaoPaulo();
  let year = Number(today.slice(0, 4));
  if (`${year}-12-22` < addDays(today, 10)) year += 1;
  const christmasWeekday = new Date(`${year}-12-25T12:00:00Z`).getUTCDay();
  // Any seven days hold five weekdays; Christmas on one of them takes it away.
  const days = christmasWeekday === 0 || christmasWeekday === 6 ? 5 : 4;
  return { first: `${year}-12-22`, last: `${year}-12-28`, days };
}

function act(ctx: TestContext, who: Person, id: string, body: Record<string, unknown>) {
  return ctx.app.inject({
    method: "POST",
    url: `/api/solicitacoes/ausencia/${id}/acoes`,
    headers: { cookie: who.cookie },
    payload: body,
  });
}

const detail = (ctx: TestContext, who: Person, id: string) =>
  ctx.app.inject({ url: `/api/solicitacoes/ausencia/${id}`, headers: { cookie: who.cookie } });

describeWithApp(
  "'Ausência' (docs/decisions/039)",
  { env: { ADMIN_EMAILS: "admin@agencia.digital" } },
  (ctx) => {
    it("counts the working days itself and files it in the signed-in person's name", async () => {
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const week = christmasWeek();
      // 'Folga': Christmas week may start where 'Férias' may not (decision 060).
      const sent = await postAusencia(ctx(), ana, {
        tipo: "folga",
        nome: "Outra Pessoa",
        primeiroDia: week.first,
        ultimoDia: week.last,
        observacao: "Viagem em família",
        diasUteis: "99",
      });
      // A field the form does not have is no field of the request: the server counts.
      expect(sent.statusCode, sent.body).toBe(201);
      const shown = (await detail(ctx(), ana, sent.json().id)).json();
      expect(shown.situacao.status).toBe("pendente");
      expect(shown.dados).toMatchObject({
        nome: "Ana Souza",
        tipo: "folga",
        primeiroDia: week.first,
        ultimoDia: week.last,
        diasUteis: week.days,
        observacao: "Viagem em família",
      });
    });

    it("refuses a medical leave without its certificate, and takes it with one", async () => {
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const bare = await postAusencia(ctx(), ana, { tipo: "licenca_medica" });
      expect(bare.statusCode).toBe(400);
      expect(bare.json().fields).toEqual({ anexo: "Anexe o atestado médico" });
      const withFile = await postAusencia(ctx(), ana, { tipo: "licenca_medica" }, [pdf]);
      expect(withFile.statusCode, withFile.body).toBe(201);
      expect((await detail(ctx(), ana, withFile.json().id)).json().anexos).toHaveLength(1);
      // Other types may bring a document, none is required.
      expect((await postAusencia(ctx(), ana, { tipo: "folga" })).statusCode).toBe(201);
    });

    it("answers each wrong period with its message and stores nothing", async () => {
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const today = todayInSaoPaulo();
      const saturday = (() => {
        let day = addDays(today, 7);
        while (new Date(`${day}T12:00:00Z`).getUTCDay() !== 6) day = addDays(day, 1);
        return day;
      })();
      const cases: [Record<string, string>, Record<string, string>][] = [
        [
          { primeiroDia: addDays(today, 10), ultimoDia: addDays(today, 9) },
          { ultimoDia: "O último dia deve ser igual ou posterior ao primeiro" },
        ],
        [
          { primeiroDia: saturday, ultimoDia: addDays(saturday, 1) },
          { ultimoDia: "O período escolhido não tem dias úteis" },
        ],
        [
          { primeiroDia: addDays(today, 1), ultimoDia: addDays(today, 181) },
          { ultimoDia: "A ausência pode ter no máximo 180 dias" },
        ],
        [
          { primeiroDia: addDays(today, -61), ultimoDia: addDays(today, -59) },
          { primeiroDia: "Data fora do período permitido" },
        ],
        [{ primeiroDia: "31/12/2026" }, { primeiroDia: "Por favor selecione o primeiro dia" }],
        [{ tipo: "sabatico" }, { tipo: "Por favor selecione o tipo de ausência" }],
      ];
      for (const [fields, expected] of cases) {
        const res = await postAusencia(ctx(), ana, fields);
        expect(res.statusCode, JSON.stringify(fields)).toBe(400);
        expect(res.json().fields).toEqual(expected);
      }
      const mine = await ctx().app.inject({ url: "/api/solicitacoes", headers: { cookie: ana.cookie } });
      expect(mine.json().items).toEqual([]);
    });

    it("goes to RH alone: RH takes and approves it, which closes it; nobody else reads it", async () => {
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const rita = await person(ctx(), "rita@agencia.digital", "Rita RH");
      const fabio = await person(ctx(), "fabio@agencia.digital", "Fábio Financeiro");
      const bruno = await person(ctx(), "bruno@agencia.digital", "Bruno Colega");
      await joinTeam(ctx(), "rh", rita.email);
      await joinTeam(ctx(), "financeiro", fabio.email);
      const id = (await postAusencia(ctx(), ana)).json().id as string;

      const queue = async (who: Person) =>
        (await ctx().app.inject({ url: "/api/caixa", headers: { cookie: who.cookie } })).json();
      expect((await queue(rita)).items.map((i: { id: string }) => i.id)).toEqual([id]);
      expect((await queue(fabio)).items).toEqual([]);
      expect((await detail(ctx(), fabio, id)).statusCode).toBe(404);
      expect((await detail(ctx(), bruno, id)).statusCode).toBe(404);
      expect((await act(ctx(), rita, id, { acao: "assumir" })).statusCode).toBe(200);
      // Its author cannot approve it, nor can a colleague in another team.
      const own = await act(ctx(), ana, id, { acao: "aprovar" });
      expect(own.statusCode, own.body).toBe(403);
      expect((await act(ctx(), fabio, id, { acao: "aprovar" })).statusCode).toBe(404);

      const approved = await act(ctx(), rita, id, { acao: "aprovar" });
      expect(approved.statusCode, approved.body).toBe(200);
      const shown = (await detail(ctx(), ana, id)).json();
      expect(shown.situacao.status).toBe("aprovado");
      expect(shown.prazo ?? null).toBeNull();
      // Closed: out of the queue, and no payment follows.
      expect((await queue(rita)).items).toEqual([]);
      const pay = await act(ctx(), rita, id, { acao: "marcar_pago" });
      expect(pay.statusCode).toBe(403);
      expect(pay.json().message).toBeTruthy();
    });

    it("is refused only with a reason, and its author may call it off even once approved", async () => {
      const ana = await person(ctx(), "ana@agencia.digital", "Ana Souza");
      const rita = await person(ctx(), "rita@agencia.digital", "Rita RH");
      await joinTeam(ctx(), "rh", rita.email);
      const refused = (await postAusencia(ctx(), ana)).json().id as string;
      await act(ctx(), rita, refused, { acao: "assumir" });
      const bare = await act(ctx(), rita, refused, { acao: "recusar" });
      expect(bare.statusCode).toBe(400);
      expect(
        (await act(ctx(), rita, refused, { acao: "recusar", motivo: "Equipe desfalcada" })).statusCode,
      ).toBe(200);
      expect((await detail(ctx(), ana, refused)).json().situacao.status).toBe("recusado");

      const called = (await postAusencia(ctx(), ana)).json().id as string;
      await act(ctx(), rita, called, { acao: "assumir" });
      await act(ctx(), rita, called, { acao: "aprovar" });
      expect((await act(ctx(), rita, called, { acao: "cancelar" })).statusCode).toBe(403);
      const cancelled = await act(ctx(), ana, called, { acao: "cancelar" });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((await detail(ctx(), ana, called)).json().situacao.status).toBe("cancelada");
    });

    it("reaches RH at start when no team handles it, once, and an administrator's choice stands", async () => {
      const db = ctx().database.db;
      const kindsOf = async (key: string) =>
        ((await db.execute(sql`select kinds from teams where key = ${key}`)).rows[0] as { kinds: string[] })
          .kinds;
      expect(await kindsOf("rh")).toContain("ausencia");
      await db.execute(sql`update teams set kinds = array_remove(kinds, 'ausencia')`);
      // Two instances starting at once give it once.
      const [a, b] = await Promise.all([assignUnhandledKinds(db), assignUnhandledKinds(db)]);
      expect([...a, ...b]).toEqual(["ausencia"]);
      expect((await kindsOf("rh")).filter((k) => k === "ausencia")).toHaveLength(1);

      const admin = await person(ctx(), "admin@agencia.digital", "Alice Admin");
      const page = await ctx().app.inject({ url: "/api/admin/equipes", headers: { cookie: admin.cookie } });
      const teams = page.json().teams as { id: string; key?: string; name: string; kinds: string[] }[];
      const rh = teams.find((t) => t.name === "RH")!;
      const history = await ctx().app.inject({
        url: `/api/admin/equipes/${rh.id}/historico`,
        headers: { cookie: admin.cookie },
      });
      expect(history.json().items.map((e: { summary: string }) => e.summary)).toContain(
        "Passou a atender Ausência, que nenhuma equipe atendia",
      );

      // Compras takes it over: the next start leaves it there.
      await db.execute(sql`update teams set kinds = array_remove(kinds, 'ausencia') where key = 'rh'`);
      await db.execute(sql`update teams set kinds = array_append(kinds, 'ausencia') where key = 'compras'`);
      expect(await assignUnhandledKinds(db)).toEqual([]);
      expect(await kindsOf("rh")).not.toContain("ausencia");
      await db.execute(sql`update teams set kinds = array_remove(kinds, 'ausencia') where key = 'compras'`);
      await db.execute(sql`update teams set kinds = array_append(kinds, 'ausencia') where key = 'rh'`);
    });
  },
);
