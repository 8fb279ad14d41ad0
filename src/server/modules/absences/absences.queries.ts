import { sql } from "drizzle-orm";
import { type AbsencePeriod, CALENDAR_KINDS, SHOWN_STATE } from "@/domain/absences/api";
import { kindMeta } from "@/domain/requests/kinds/meta";
import type { Executor } from "../../db/client";
import { requests } from "../../db/schema";
import { fieldSql } from "../requests/request-store";

/*
 * 'Quem está fora' (docs/decisions/040): one statement over the `requests`
 * table, each kind with a calendar read through its own fields (request-store's
 * fieldSql, decision 034). Only the name and the period leave the database.
 */

/** Every kind's approved periods, as rows of the same three text columns. */
function approvedPeriods() {
  return sql.join(
    CALENDAR_KINDS.map((kind) => {
      const { first, last } = kindMeta(kind).calendar!;
      return sql`select ${fieldSql(kind, "nome")} as nome, ${fieldSql(kind, first)} as primeiro,
        ${fieldSql(kind, last)} as ultimo
        from ${requests} r where r.kind = ${kind} and r.status = ${SHOWN_STATE}`;
    }),
    sql` union all `,
  );
}

/**
 * The approved periods that touch the days from `first` to `last` ('yyyy-mm-dd', both included), in
 * no order: the service sorts them as pt-BR does, which the database's collation may not (a sort here
 * took half the statement's time with 5,000 absences in a month; docs/bench.md, 'Time off').
 */
export async function periodsTouching(db: Executor, first: string, last: string): Promise<AbsencePeriod[]> {
  if (!CALENDAR_KINDS.length) return [];
  const result = await db.execute(sql`select nome, primeiro, ultimo from (${approvedPeriods()}) p
    where p.primeiro <= ${last} and p.ultimo >= ${first}`);
  return (result.rows as { nome: string | null; primeiro: string; ultimo: string }[]).map((row) => ({
    nome: row.nome ?? "",
    primeiroDia: row.primeiro,
    ultimoDia: row.ultimo,
  }));
}
