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
  }[];
  sameFacts: { id: string; user_id: string; amount: string; expense_date: string | null }[];
  sameBytes: { id: string; file_name: string; requests: number }[];
  limits: { expense_type: string; monthly_limit_cents: string | number }[];
  totals: { user_id: string; expense_type: string; month: string; total: string }[];
  firsts: { user_id: string; id: string }[];
  lastPaid: { user_id: string; id: string; pix_key: string | null }[];
};

/** The CTEs of one kind's facts, named with its suffix `n` (`s0`, `same_facts0`, …), over the history `h`. */
function kindFacts(kind: RequestKind, withExpenseDate: boolean, ids: readonly string[], n: number) {
  const name = (cte: string) => sql.raw(`${cte}${n}`);
  const s = name("s");
  // The authors' rows of this kind, from their history `h` (read once for every kind, below).
  const table = sql`(select * from h where kind = ${kind}) k`;
  // The month a limit counts in: the expense's, or the request's (São Paulo) for kinds without one.
  const monthOf = withExpenseDate
    ? sql`to_char(data_despesa, 'YYYY-MM')`
    : sql`to_char(created_at at time zone 'America/Sao_Paulo', 'YYYY-MM')`;
  const sameFacts = withExpenseDate
    ? sql`select k.id, k.user_id, k.valor::text as amount, k.data_despesa::text as expense_date
          from ${table} where k.status not in ${NOT_COUNTED}
            and (k.user_id, k.data_despesa, k.valor) in (select user_id, data_despesa, valor from ${s})`
    : sql`select null::uuid as id, null::text as user_id, null::text as amount, null::text as expense_date where false`;
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // The rows by primary key, planned on their own (offset 0): beside kind = …, PGlite (no
  // statistics) walked the kind's index through all its requests (docs/bench.md, 'Scale').
  // `valor` and `data_despesa` as stored, for comparing without a cast per pair of rows.
  const subjects = sql`${s} as (
      select id, user_id, created_at, valor::text as amount,
        ${withExpenseDate ? sql`data_despesa::text` : sql`null::text`} as expense_date,
        tipo_despesa as expense_type, ${monthOf} as month, chave_pix as pix_key, valor, data_despesa
      from (select * from ${requests} where id in (${idList}) offset 0) k where kind = ${kind})`;
  const facts = sql`${name("same_facts")} as (${sameFacts}),
    ${name("same_bytes")} as (
      select a.solicitacao_id as id, a.nome_original as file_name,
             count(distinct (b.solicitacao_tipo, b.solicitacao_id))::int as requests
      from anexos a
      join anexos b on b.sha256 = a.sha256
        and not (b.solicitacao_tipo = a.solicitacao_tipo and b.solicitacao_id = a.solicitacao_id)
        and b.evento_id is null
      where a.solicitacao_tipo = ${kind} and a.solicitacao_id in (select id from ${s})
        and a.sha256 is not null and a.evento_id is null
      group by a.solicitacao_id, a.id, a.nome_original
      order by a.solicitacao_id, a.id
    ),
    ${name("limits")} as (select expense_type, monthly_limit_cents from expense_limits where kind = ${kind}),
    ${name("totals")} as (
      select user_id, tipo_despesa as expense_type, ${monthOf} as month, sum(valor)::text as total
      from ${table} where status not in ${NOT_COUNTED}
        and (user_id, tipo_despesa, ${monthOf}) in (select user_id, expense_type, month from ${s})
      group by 1, 2, 3
    ),
    ${name("firsts")} as (
      select distinct on (user_id) user_id, id from ${table}
      where user_id in (select user_id from ${s}) order by user_id, created_at, id
    ),
    ${name("last_paid")} as (
      select distinct on (user_id) user_id, id, chave_pix as pix_key from h
      where status = 'pago' and user_id in (select user_id from ${s})
      order by user_id, settled_at desc nulls last
    )`;
  const agg = (cte: string) => sql`(select coalesce(json_agg(${name(cte)}), '[]'::json) from ${name(cte)})`;
  const answer = sql`${kind}::text, json_build_object(
      'subjects', (select coalesce(json_agg(x), '[]'::json) from (select id, user_id, created_at, amount,
        expense_date, expense_type, month, pix_key from ${s}) x),
      'sameFacts', ${agg("same_facts")}, 'sameBytes', ${agg("same_bytes")}, 'limits', ${agg("limits")},
      'totals', ${agg("totals")}, 'firsts', ${agg("firsts")}, 'lastPaid', ${agg("last_paid")})`;
  return { subjects, facts, answer, authors: sql`select user_id from ${s}` };
}

/**
 * The facts of several paid kinds' requests in one statement. The subjects' authors' requests of
 * every paid kind, with the columns the facts read, are read once (`h`, through the (user_id, kind)
 * index) and shared by every fact of every kind: each fact reading them on its own read the same
 * scattered pages again, and a statement per kind ran one after the other on PGlite — most of the
 * queue's time at 500,000 requests (docs/bench.md, 'Scale').
 */
function factsStatement(byKind: readonly { kind: RequestKind; ids: readonly string[] }[]): SQL {
  const parts = byKind.map(({ kind, ids }, n) =>
    kindFacts(kind, Boolean(requestKind(kind).payment?.expenseDate), ids, n),
  );
  const history = sql`h as materialized (
    select id, user_id, kind, created_at, status, valor, data_despesa, tipo_despesa, chave_pix, settled_at
    from ${requests} where user_id in (${sql.join(
      parts.map((p) => p.authors),
      sql` union `,
    )}) and kind in (${sql.join(
      paymentKinds.map((k) => sql`${k}`),
      sql`, `,
    )}))`;
  return sql`with ${sql.join(
    parts.map((p) => p.subjects),
    sql`, `,
  )}, ${history}, ${sql.join(
    parts.map((p) => p.facts),
    sql`, `,
  )}
    select json_build_object(${sql.join(
      parts.map((p) => p.answer),
      sql`, `,
    )}) as data`;
}

/**
 * The facts about some requests of paid kinds, by kind and id, in one statement whatever the set's
 * size: for each kind the subjects, the same facts, the same bytes, the month totals against the
 * limits, the first request, and each person's last paid PIX key, gathered as JSON. Kinds without
 * payment or without ids are left out; nothing is read when none is left.
 */
export async function flagFactsOf(
  db: Executor,
  byKind: readonly { kind: RequestKind; ids: readonly string[] }[],
): Promise<Map<RequestKind, FlagFacts>> {
  const wanted = byKind.filter(({ kind, ids }) => requestKind(kind).payment && ids.length);
  if (!wanted.length) return new Map();
  const result = await db.execute(factsStatement(wanted));
  const [row] = result.rows as { data: Record<string, FlagFacts> | string }[];
  const data = typeof row?.data === "string" ? JSON.parse(row.data) : (row?.data ?? {});
  return new Map(Object.entries(data) as [RequestKind, FlagFacts][]);
}
