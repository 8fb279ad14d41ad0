import { type SQL, sql } from "drizzle-orm";
import { REQUEST_KINDS, type RequestKind, requestKind } from "@/domain/requests/kinds";
import type { Executor } from "../../db/client";
import { requests } from "../../db/schema";

/*
 * Finance's reads (docs/decisions/015): the facts the flags are judged on,
 * for any set of requests of one paid kind, in one statement.
 */

/** Requests that no longer count: refused or cancelled ones are neither duplicates nor spending. */
const NOT_COUNTED = sql.raw(`('recusado', 'cancelada')`);

const paymentKinds = REQUEST_KINDS.filter((kind) => requestKind(kind).payment);

/** What the one statement answers, as JSON. */
export type FlagFacts = {
  subjects: {
    id: string;
    user_id: string;
    created_at: string;
    amount: string;
    expense_date: string | null;
    expense_type: string;
    month: string;
    pix_key: string | null;
    receipt_key: string | null;
  }[];
  sameFacts: { id: string; user_id: string; amount: string; expense_date: string | null }[];
  sameBytes: { id: string; file_name: string; requests: number }[];
  limits: { expense_type: string; monthly_limit_cents: string | number }[];
  totals: { user_id: string; expense_type: string; month: string; total: string }[];
  firsts: { user_id: string; id: string }[];
  lastPaid: { user_id: string; id: string; pix_key: string | null }[];
};

/** The CTEs the statement gathers besides the subjects `s`, over the kind's rows `k`. */
function factQueries(kind: RequestKind, withExpenseDate: boolean) {
  // The kind's own rows: the shared money columns (docs/decisions/034) under one name for every kind.
  const table = sql`(select * from ${requests} where kind = ${kind}) k`;
  // The month a limit counts in: the expense's, or the request's (São Paulo) for kinds without one.
  const monthOf = withExpenseDate
    ? sql`to_char(data_despesa, 'YYYY-MM')`
    : sql`to_char(created_at at time zone 'America/Sao_Paulo', 'YYYY-MM')`;
  const sameFacts = withExpenseDate
    ? sql`select k.id, k.user_id, k.valor::text as amount, k.data_despesa::text as expense_date
          from ${table}
          where k.user_id in (select user_id from s) and k.status not in ${NOT_COUNTED}
            and (k.user_id, k.data_despesa, k.valor) in (
              select user_id, expense_date::date, amount::numeric from s)`
    : sql`select null::uuid as id, null::text as user_id, null::text as amount, null::text as expense_date where false`;
  const paidKeys = sql`select user_id, id, chave_pix as pix_key, settled_at from ${requests}
    where kind in (${sql.join(
      paymentKinds.map((k) => sql`${k}`),
      sql`, `,
    )}) and status = 'pago' and user_id in (select user_id from s)`;
  return { table, monthOf, sameFacts, paidKeys };
}

function factsStatement(kind: RequestKind, withExpenseDate: boolean, ids: readonly string[]): SQL {
  const { table, monthOf, sameFacts, paidKeys } = factQueries(kind, withExpenseDate);
  const expenseDate = withExpenseDate ? sql`data_despesa::text` : sql`null::text`;
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return sql`
    with s as (
      select id, user_id, created_at, valor::text as amount, ${expenseDate} as expense_date,
             tipo_despesa as expense_type, ${monthOf} as month, chave_pix as pix_key,
             dados->>'chaveNota' as receipt_key
      -- The rows by primary key, planned on their own (offset 0): beside kind = ..., PGlite (no
      -- statistics) walked the kind's index through all its requests (docs/bench.md, 'Scale').
      from (select * from ${requests} where id in (${idList}) offset 0) k where kind = ${kind}
    ),
    same_facts as (${sameFacts}),
    same_bytes as (
      select a.solicitacao_id as id, a.nome_original as file_name,
             count(distinct (b.solicitacao_tipo, b.solicitacao_id))::int as requests
      from anexos a
      join anexos b on b.sha256 = a.sha256
        and not (b.solicitacao_tipo = a.solicitacao_tipo and b.solicitacao_id = a.solicitacao_id)
        and b.evento_id is null
      where a.solicitacao_tipo = ${kind} and a.solicitacao_id in (select id from s)
        and a.sha256 is not null and a.evento_id is null
      group by a.solicitacao_id, a.id, a.nome_original
      order by a.solicitacao_id, a.id
    ),
    limits as (select expense_type, monthly_limit_cents from expense_limits where kind = ${kind}),
    totals as (
      select user_id, tipo_despesa as expense_type, ${monthOf} as month, sum(valor)::text as total
      from ${table} where user_id in (select user_id from s) and status not in ${NOT_COUNTED}
      group by 1, 2, 3
    ),
    firsts as (
      select distinct on (user_id) user_id, id from ${table}
      where user_id in (select user_id from s) order by user_id, created_at, id
    ),
    last_paid as (
      select distinct on (user_id) user_id, id, pix_key from (${paidKeys}) paid
      order by user_id, settled_at desc nulls last
    )
    select json_build_object(
      'subjects', (select coalesce(json_agg(s), '[]'::json) from s),
      'sameFacts', (select coalesce(json_agg(same_facts), '[]'::json) from same_facts),
      'sameBytes', (select coalesce(json_agg(same_bytes), '[]'::json) from same_bytes),
      'limits', (select coalesce(json_agg(limits), '[]'::json) from limits),
      'totals', (select coalesce(json_agg(totals), '[]'::json) from totals),
      'firsts', (select coalesce(json_agg(firsts), '[]'::json) from firsts),
      'lastPaid', (select coalesce(json_agg(last_paid), '[]'::json) from last_paid)
    ) as data`;
}

/**
 * The facts about some requests of one paid kind, by id, in one statement
 * whatever the set's size: the subjects, the same facts, the same bytes, the
 * month totals against the limits, the first request, and each person's last
 * paid PIX key, gathered as JSON. null when there is nothing to read.
 */
export async function flagFacts(db: Executor, kind: RequestKind, ids: readonly string[]) {
  const payment = requestKind(kind).payment;
  if (!payment || !ids.length) return null;
  const result = await db.execute(factsStatement(kind, Boolean(payment.expenseDate), ids));
  const [row] = result.rows as { data: FlagFacts | string }[];
  return typeof row?.data === "string" ? (JSON.parse(row.data) as FlagFacts) : (row?.data ?? null);
}
