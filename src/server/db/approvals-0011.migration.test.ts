import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emptyDatabase, migrateUpTo } from "../testing/migration-steps";
import { testDatabaseKinds } from "../testing/test-app";

/*
 * Migration 0011 (docs/decisions/029) on rows as the release before it left
 * them: an approval kept through a send-back is cleared; one awaited since an
 * approval in part, with no resubmission after it, stays.
 */
const ids = {
  waiting: "00000000-0000-4000-8000-0000000000a1",
  resent: "00000000-0000-4000-8000-0000000000a2",
  awaiting: "00000000-0000-4000-8000-0000000000a3",
};

for (const kind of testDatabaseKinds()) {
  describe(`migration 0011 [${kind}]`, () => {
    it("clears what approvals left on rows sent back before it, and keeps an awaited approval", async () => {
      const { database, drop } = await emptyDatabase(kind);
      try {
        const run = (statement: ReturnType<typeof sql>) => database.db.execute(statement);
        await migrateUpTo(database, "0010_plan_sharing");
        await run(
          sql`insert into users (id, name, email, email_verified) values ('ana', 'Ana', 'ana@agencia.digital', true)`,
        );
        for (const [id, status] of [
          [ids.waiting, "aguardando_ajuste"],
          [ids.resent, "em_analise"],
          [ids.awaiting, "em_analise"],
        ] as const)
          await run(sql`insert into reembolso_solicitacoes (id, user_id, status, nome, valor, data, categoria, descricao,
              valor_aprovado, pending_approval_team_id)
            select ${id}, 'ana', ${status}, 'Ana', 1500, '2026-03-01', 'alimentacao', 'Almoço', 1600, id
            from teams where key = 'rh'`);
        const event = (id: string, type: string, action: string | null) =>
          run(sql`insert into events (subject_kind, subject_id, actor_name, type, action)
            values ('reembolso', ${id}, 'Fábio', ${type}, ${action})`);
        await event(ids.resent, "aprovacao_parcial", "aprovar");
        await event(ids.resent, "transicao", "reenviar");
        await event(ids.awaiting, "aprovacao_parcial", "aprovar");

        await migrateUpTo(database, "0011_approvals_cover_what_they_approved");

        const rows = (
          await run(sql`select r.id, r.valor_aprovado, t.name as aguardando from reembolso_solicitacoes r
            left join teams t on t.id = r.pending_approval_team_id order by r.id`)
        ).rows;
        expect(rows).toEqual([
          { id: ids.waiting, valor_aprovado: null, aguardando: null },
          { id: ids.resent, valor_aprovado: null, aguardando: null },
          { id: ids.awaiting, valor_aprovado: "1600.00", aguardando: "RH" },
        ]);
      } finally {
        await drop();
      }
      // A fresh database migrated twice, not the tests' template: slower than the others.
    }, 90_000);
  });
}
