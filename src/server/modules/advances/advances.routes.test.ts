import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { addDays, todayInSaoPaulo } from "@/domain/dates";
import { parseBrCode } from "@/domain/finance/br-code";
import { joinTeam, type Person, person } from "../../testing/people";
import { describeWithApp, type TestContext } from "../../testing/test-app";
import { setAccount } from "../bank/testing/bank-fixtures";
import {
  askAdvance,
  move,
  payAdvance,
  settle,
  settlementAct,
  settlementOf,
} from "./testing/advance-fixtures";

/*
 * A cash advance and its settlement (decision 067), through the real server: the attacks first
 * (someone else's receipts, Financeiro's moves by others, twice, at once, amounts that are none),
 * then the settlement both ways, the deadline, and the overdue advance that blocks the next one.
 */

const env = { REQUIRE_EMAIL_VERIFICATION: "false", ADMIN_EMAILS: "admin@agencia.digital" };

type People = { ana: Person; bruno: Person; fabio: Person; admin: Person };

async function people(ctx: TestContext): Promise<People> {
  const ana = await person(ctx, "ana@agencia.digital", "Ana Souza");
  const bruno = await person(ctx, "bruno@agencia.digital", "Bruno Lima");
  const fabio = await person(ctx, "fabio@agencia.digital", "Fábio Financeiro");
  const admin = await person(ctx, "admin@agencia.digital", "Admin");
  await joinTeam(ctx, "financeiro", fabio.email);
  return { ana, bruno, fabio, admin };
}

/** Ana's advance of R$ 500,00, paid by Fábio. */
async function paidAdvance(ctx: TestContext, p: People) {
  const id = await askAdvance(ctx, p.ana);
  await payAdvance(ctx, p.fabio, id);
  return id;
}

const anexos = async (ctx: TestContext, id: string) =>
  (await ctx.database.db.execute(sql`select count(*)::int as n from anexos where solicitacao_id = ${id}`))
    .rows[0] as { n: number };

describeWithApp(
  "a cash advance's settlement (decision 067)",
  { env, logger: { level: "error" } as never },
  (ctx) => {
    it("refuses someone else's receipts (404) and Financeiro's (403), keeping none of them", async () => {
      const p = await people(ctx());
      const id = await paidAdvance(ctx(), p);
      const before = (await anexos(ctx(), id)).n;
      const stranger = await settle(ctx(), p.bruno, id, { valorGasto: "R$ 100,00" });
      expect(stranger.statusCode, stranger.body).toBe(404);
      const finance = await settle(ctx(), p.fabio, id, { valorGasto: "R$ 100,00" });
      expect(finance.statusCode, finance.body).toBe(403);
      expect((await anexos(ctx(), id)).n).toBe(before);
      expect((await settlementOf(ctx(), p.bruno, id)).statusCode).toBe(404);
      expect((await ctx().app.inject({ url: `/api/adiantamentos/${id}/prestacao` })).statusCode).toBe(401);
      expect((await settlementOf(ctx(), p.ana, id)).json()).toMatchObject({
        status: "aguardando_prestacao",
        podePrestarContas: true,
      });
    });

    it("lets only Financeiro set the deadline and close: the owner 403, anyone else 404", async () => {
      const p = await people(ctx());
      const id = await paidAdvance(ctx(), p);
      const prazo = addDays(todayInSaoPaulo(), 10);
      expect((await settlementAct(ctx(), p.ana, id, { acao: "definir_prazo", prazo })).statusCode).toBe(403);
      expect((await settlementAct(ctx(), p.bruno, id, { acao: "definir_prazo", prazo })).statusCode).toBe(
        404,
      );
      expect((await settle(ctx(), p.ana, id, { valorGasto: "R$ 300,00" })).statusCode).toBe(200);
      expect((await settlementAct(ctx(), p.ana, id, { acao: "marcar_devolvido" })).statusCode).toBe(403);
      expect((await settlementAct(ctx(), p.bruno, id, { acao: "marcar_devolvido" })).statusCode).toBe(404);
      // Nor through the generic moves: a settlement's move is made only by its own routes.
      expect((await move(ctx(), p.fabio, id, { acao: "marcar_devolvido" })).statusCode).toBe(403);
      expect((await settlementOf(ctx(), p.fabio, id)).json().status).toBe("prestacao_enviada");
    });

    it("refuses amounts that are none: zero, negative or not money, for the advance and the receipts", async () => {
      const p = await people(ctx());
      for (const valor of ["R$ 0,00", "-50,00", "abc", 0, -5000, 12.5]) {
        const asked = await ctx().app.inject({
          method: "POST",
          url: "/api/solicitacoes/adiantamento",
          headers: { cookie: p.ana.cookie },
          payload: {
            valor,
            finalidade: "viagem",
            descricao: "Viagem ao cliente em Campinas",
            dataNecessaria: addDays(todayInSaoPaulo(), 3),
            chavePix: "529.982.247-25",
          },
        });
        expect(asked.statusCode, String(valor)).toBe(400);
        expect(asked.json().fields.valor).toBe("Valor deve ser um número válido");
      }
      const id = await paidAdvance(ctx(), p);
      for (const valorGasto of ["R$ 0,00", "-10,00", ""]) {
        const sent = await settle(ctx(), p.ana, id, { valorGasto });
        expect(sent.statusCode, valorGasto).toBe(400);
        expect(sent.json().fields.valorGasto).toBe("Informe o valor gasto, de R$ 0,01 para cima");
      }
      const withoutReceipts = await settle(ctx(), p.ana, id, { valorGasto: "R$ 10,00" }, 0);
      expect(withoutReceipts.statusCode).toBe(400);
      expect(withoutReceipts.json().fields.anexo).toBe("Arquivo é obrigatório");
    });

    it("settles once: a second settlement, and two sent at once, find it moved on (409)", async () => {
      const p = await people(ctx());
      const id = await paidAdvance(ctx(), p);
      const [first, second] = await Promise.all([
        settle(ctx(), p.ana, id, { valorGasto: "R$ 120,00" }),
        settle(ctx(), p.ana, id, { valorGasto: "R$ 480,00" }),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
      const again = await settle(ctx(), p.ana, id, { valorGasto: "R$ 50,00" });
      expect(again.statusCode).toBe(409);
      // Only the winner's two receipts are kept, with the winner's amount.
      const won = first.statusCode === 200 ? first.json() : second.json();
      expect((await settlementOf(ctx(), p.ana, id)).json().gasto).toBe(won.gasto);
      const moved = await ctx().database.db.execute(
        sql`select count(*)::int as n from events where subject_id = ${id} and action = 'prestar_contas'`,
      );
      expect((moved.rows[0] as { n: number }).n).toBe(1);
    });

    it("a balance left over: the agency's BR Code for that exact amount, then 'Marcar devolução' closes it", async () => {
      const p = await people(ctx());
      await setAccount(ctx(), p.admin);
      const id = await paidAdvance(ctx(), p);
      const sent = await settle(ctx(), p.ana, id, { valorGasto: "R$ 312,45", observacao: "Táxi e almoço" });
      expect(sent.statusCode, sent.body).toBe(200);
      const view = sent.json();
      expect(view).toMatchObject({ pago: 50000, gasto: 31245, devolver: 18755, reembolsar: 0 });
      const code = parseBrCode(view.codigoPix);
      expect(code.ok && code.amountCents).toBe(18755);
      expect(code.ok && code.key).toBe("11222333000181");
      expect((await settlementOf(ctx(), p.fabio, id)).json().fechamento).toBe("marcar_devolvido");
      // The balance decides: paying a difference that is not owed is refused.
      expect((await settlementAct(ctx(), p.fabio, id, { acao: "pagar_diferenca" })).statusCode).toBe(409);
      const closed = await settlementAct(ctx(), p.fabio, id, { acao: "marcar_devolvido" });
      expect(closed.statusCode, closed.body).toBe(200);
      expect(closed.json()).toMatchObject({
        status: "prestacao_concluida",
        fechamento: null,
        codigoPix: null,
      });
      const page = await ctx().app.inject({
        url: `/api/solicitacoes/adiantamento/${id}`,
        headers: { cookie: p.ana.cookie },
      });
      const notes = page.json().situacao.linhaDoTempo.flatMap((e: { notas: string[] }) => e.notas);
      expect(notes).toEqual(
        expect.arrayContaining([
          "Gasto comprovado: R$\u00a0312,45 de R$\u00a0500,00 adiantados",
          "A devolver pelo solicitante: R$\u00a0187,55",
          "Devolução recebida: R$\u00a0187,55",
        ]),
      );
    });

    it("spent more than advanced: Financeiro pays the difference; an even one is closed as it is", async () => {
      const p = await people(ctx());
      const over = await paidAdvance(ctx(), p);
      const sent = await settle(ctx(), p.ana, over, { valorGasto: "R$ 530,10" });
      expect(sent.json()).toMatchObject({ devolver: 0, reembolsar: 3010, codigoPix: null });
      expect((await settlementAct(ctx(), p.fabio, over, { acao: "pagar_diferenca" })).json().status).toBe(
        "prestacao_concluida",
      );
      const even = await paidAdvance(ctx(), p);
      await settle(ctx(), p.ana, even, { valorGasto: "R$ 500,00" });
      expect((await settlementOf(ctx(), p.fabio, even)).json().fechamento).toBe("encerrar_prestacao");
      expect((await settlementAct(ctx(), p.fabio, even, { acao: "encerrar_prestacao" })).statusCode).toBe(
        200,
      );
      // Settled, they are still paid money: in Financeiro's export and Painel like the other kinds.
      const csv = await ctx().app.inject({
        url: "/api/caixa/exportar.csv?status=prestacao_concluida",
        headers: { cookie: p.fabio.cookie },
      });
      expect(csv.statusCode).toBe(200);
      const rows = csv.body.split("\n").filter((line) => line.includes(";Adiantamento;"));
      // Both, shown paid (the day, who and how) although settled since.
      expect(rows).toHaveLength(2);
      for (const row of rows) expect(row).toContain(";Prestação de contas concluída;");
      for (const row of rows) expect(row).toMatch(/;\d{2}\/\d{2}\/\d{4};Fábio Financeiro;PIX;/);
      const painel = (
        await ctx().app.inject({ url: "/api/painel", headers: { cookie: p.fabio.cookie } })
      ).json();
      expect(painel.tipos).toContain("adiantamento");
    });

    it("an advance past its deadline: a badge for Financeiro, and the owner's next advance refused", async () => {
      const p = await people(ctx());
      const id = await paidAdvance(ctx(), p);
      const view = (await settlementOf(ctx(), p.ana, id)).json();
      expect(view.prazo).toBe(addDays(todayInSaoPaulo(), 30));
      const tooLate = await settlementAct(ctx(), p.fabio, id, { acao: "definir_prazo", prazo: "2020-01-01" });
      expect(tooLate.statusCode).toBe(400);
      expect(tooLate.json().fields.prazo).toBe("Informe uma data de hoje até um ano");
      expect((await askAdvance(ctx(), p.ana)).length).toBe(36);
      // The deadline passed yesterday (set as Financeiro would have, a month ago).
      const yesterday = addDays(todayInSaoPaulo(), -1);
      await ctx().database.db.execute(
        sql`update requests set dados = dados || ${JSON.stringify({ prazoPrestacao: yesterday })}::jsonb where id = ${id}`,
      );
      const pending = await ctx().app.inject({
        url: "/api/adiantamentos/pendencia",
        headers: { cookie: p.ana.cookie },
      });
      expect(pending.json()).toEqual({ atrasado: { id, prazo: yesterday } });
      const refused = await ctx().app.inject({
        method: "POST",
        url: "/api/solicitacoes/adiantamento",
        headers: { cookie: p.ana.cookie },
        payload: {
          valor: "R$ 100,00",
          finalidade: "evento",
          descricao: "Inscrição no evento do setor",
          dataNecessaria: addDays(todayInSaoPaulo(), 2),
          chavePix: "529.982.247-25",
        },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe("Há um adiantamento com a prestação de contas atrasada");
      // Another person is not blocked by Ana's.
      expect((await askAdvance(ctx(), p.bruno)).length).toBe(36);
      const queue = await ctx().app.inject({
        url: "/api/caixa?tipo=adiantamento",
        headers: { cookie: p.fabio.cookie },
      });
      const line = queue.json().items.find((i: { id: string }) => i.id === id);
      expect(line.alertas.map((a: { rotulo: string }) => a.rotulo)).toContain("Prestação de contas atrasada");
      // Settled, it blocks no more.
      expect((await settle(ctx(), p.ana, id, { valorGasto: "R$ 500,00" })).statusCode).toBe(200);
      expect((await askAdvance(ctx(), p.ana)).length).toBe(36);
    });
  },
);
