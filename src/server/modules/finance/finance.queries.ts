import { type SQL, sql } from "drizzle-orm";
import { REQUEST_KINDS, type RequestKind, requestKind } from "@/domain/requests/kinds";
import type { Executor } from "../../db/client";
import { requests } from "../../db/schema";

/*
 * Finance's reads (docs/decisions/015): the facts the flags are judged on,
 * for any set of requests of the paid kinds, in one statement.
 */

/** Requests that no longer count: refused or cancelled ones are neither duplicates nor spending. */
const NOT_COUNTED = sql.raw(`('recusado', 'cancelada')`);

const paymentKinds = REQUEST_KINDS.filter((kind) => requestKind(kind).payment);

/** What the one statement answers for one kind, as JSON. */
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

/** The statement's answer: each row names its kind, but the last paid request, which is any paid kind's. */
type Gathered = {
  [K in Exclude<keyof FlagFacts, "lastPaid">]: (FlagFacts[K][number] & { kind: RequestKind })[];
} & { lastPaid: FlagFacts["lastPaid"] };

const list = (values: readonly string[]) =>
  values.length
    ? sql`(${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`
    : sql`(null)`;

/** A kind with an expense date counts a limit in the expense's month; the others in the request's (São Paulo). */
const datedKinds = list(paymentKinds.filter((kind) => requestKind(kind).payment?.expenseDate));
const expenseDate = sql`case when kind in ${datedKinds} then data_despesa::text end`;
const monthOf = sql`case when kind in ${datedKinds} then to_char(data_despesa, 'YYYY-MM')
  else to_char(created_at at time zone 'America/Sao_Paulo', 'YYYY-MM') end`;

/**
 * The subjects `s`, and their authors' requests of every paid kind `h`, read once (through the
 * (user_id, kind) index) with each one's rank among its author's of its kind and among their paid
 * ones; every fact of every kind is taken from them. One statement of a dozen CTEs per kind, each
 * reading the authors' rows again, spent more time planning than reading on PGlite, one kind after
 * the other: most of the queue's time at 500,000 requests (docs/bench.md, 'Scale').
 */
function factsStatement(kinds: readonly RequestKind[], ids: readonly string[]): SQL {
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return sql`
    with s as (
      select id, kind, user_id, created_at, valor::text as amount, ${expenseDate} as expense_date,
        tipo_despesa as expense_type, ${monthOf} as month, chave_pix as pix_key, valor, data_despesa
      -- The rows by primary key, planned on their own (offset 0): beside kind = …, PGlite (no
      -- statistics) walked the kind's index through all its requests (docs/bench.md, 'Scale').
      from (select * from ${requests} where id in (${idList}) offset 0) k where kind in ${list(kinds)}
    ),
    h as (
      select id, kind, user_id, status not in ${NOT_COUNTED} as counted, valor, data_despesa, tipo_despesa,
        ${monthOf} as month, chave_pix, row_number() over (partition by user_id, kind order by created_at, id) as nth,
        case when status = 'pago' then row_number() over (partition by user_id, status = 'pago'
          order by settled_at desc nulls last) end as paid_nth
      from ${requests} where user_id in (select user_id from s) and kind in ${list(paymentKinds)}
    ),
    same_facts as (
      select kind, id, user_id, valor::text as amount, data_despesa::text as expense_date from h
      where counted and kind in ${datedKinds}
        and (kind, user_id, data_despesa, valor) in (select kind, user_id, data_despesa, valor from s)
    ),
    same_bytes as (
      select a.solicitacao_tipo as kind, a.solicitacao_id as id, a.nome_original as file_name,
             count(distinct (b.solicitacao_tipo, b.solicitacao_id))::int as requests
      from anexos a
      join anexos b on b.sha256 = a.sha256
        and not (b.solicitacao_tipo = a.solicitacao_tipo and b.solicitacao_id = a.solicitacao_id)
        and b.evento_id is null
      where (a.solicitacao_tipo, a.solicitacao_id) in (select kind, id from s)
        and a.sha256 is not null and a.evento_id is null
      group by a.solicitacao_tipo, a.solicitacao_id, a.id, a.nome_original
      order by a.solicitacao_id, a.id
    ),
    limits as (select kind, expense_type, monthly_limit_cents from expense_limits where kind in ${list(kinds)}),
    totals as (
      select kind, user_id, tipo_despesa as expense_type, month, sum(valor)::text as total from h
      where counted and (kind, user_id, tipo_despesa, month) in (select kind, user_id, expense_type, month from s)
      group by 1, 2, 3, 4
    ),
    firsts as (select kind, user_id, id from h where nth = 1 and kind in ${list(kinds)}),
    last_paid as (select user_id, id, chave_pix as pix_key from h where paid_nth = 1)
    select json_build_object(
      'subjects', (select coalesce(json_agg(x), '[]'::json) from (select id, kind, user_id, created_at, amount,
        expense_date, expense_type, month, pix_key from s) x),
      'sameFacts', (select coalesce(json_agg(same_facts), '[]'::json) from same_facts),
      'sameBytes', (select coalesce(json_agg(same_bytes), '[]'::json) from same_bytes),
      'limits', (select coalesce(json_agg(limits), '[]'::json) from limits),
      'totals', (select coalesce(json_agg(totals), '[]'::json) from totals),
      'firsts', (select coalesce(json_agg(firsts), '[]'::json) from firsts),
      'lastPaid', (select coalesce(json_agg(last_paid), '[]'::json) from last_paid)
    ) as data`;
}

/**
 * The facts about some requests of paid kinds, by kind, in one statement whatever the set's size:
 * for each kind the subjects, the same facts, the same bytes, the month totals against the
 * limits, the first request, and each person's last paid PIX key. Kinds without payment or
 * without ids are left out; nothing is read when none is left.
 */
export async function flagFactsOf(
  db: Executor,
  byKind: readonly { kind: RequestKind; ids: readonly string[] }[],
): Promise<Map<RequestKind, FlagFacts>> {
  const wanted = byKind.filter(({ kind, ids }) => requestKind(kind).payment && ids.length);
  if (!wanted.length) return new Map();
  const result = await db.execute(
    factsStatement(
      wanted.map((w) => w.kind),
      wanted.flatMap((w) => w.ids),
    ),
  );
  const [row] = result.rows as { data: Gathered | string }[];
  const data: Gathered = typeof row?.data === "string" ? JSON.parse(row.data) : row!.data;
  const ofKind = <T extends { kind: RequestKind }>(rows: T[], kind: RequestKind) =>
    rows.filter((r) => r.kind === kind);
  return new Map(
    wanted.map(({ kind, ids }) => [
      kind,
      {
        subjects: ofKind(data.subjects, kind).filter((r) => ids.includes(r.id)),
        sameFacts: ofKind(data.sameFacts, kind),
        sameBytes: ofKind(data.sameBytes, kind),
        limits: ofKind(data.limits, kind),
        totals: ofKind(data.totals, kind),
        firsts: ofKind(data.firsts, kind),
        lastPaid: data.lastPaid,
      },
    ]),
  );
}
