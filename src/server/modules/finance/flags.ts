import { sql } from "drizzle-orm";
import {
  duplicateAttachment,
  duplicateByFacts,
  type Flag,
  type FlagSubject,
  firstRequest,
  overMonthlyLimit,
  pixKeyChanged,
} from "@/domain/finance/flags";
import { REQUEST_KINDS, type RequestKind, requestKind } from "@/domain/requests/kinds";
import { optionLabel } from "@/domain/requests/options";
import type { Executor } from "../../db/client";
import { requests } from "../../db/schema";
import { numericToCents } from "../requests/money-column";

/** Requests that no longer count: refused or cancelled ones are neither duplicates nor spending. */
const NOT_COUNTED = sql.raw(`('recusado', 'cancelada')`);

const paymentKinds = REQUEST_KINDS.filter((kind) => requestKind(kind).payment);

type Subject = FlagSubject & { createdAt: Date; expenseType: string; month: string; pixKey: string | null };

const rowsOf = <T>(result: { rows: unknown[] }) => result.rows as T[];

/** What the one statement answers, as JSON. */
type FlagFacts = {
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

/**
 * The flags of some requests of one kind (issue 12), by id, in one statement
 * whatever the set's size: the subjects, the same facts, the same bytes, the
 * month totals against the limits, the first request, and each person's last
 * paid PIX key, gathered as JSON and judged by the domain's rules.
 */
export async function flagsFor(db: Executor, kind: RequestKind, ids: readonly string[]) {
  const flags = new Map<string, Flag[]>();
  const payment = requestKind(kind).payment;
  if (!payment || !ids.length) return flags;
  // The kind's own rows: the shared money columns (docs/decisions/034) under one name for every kind.
  const table = sql`(select * from ${requests} where kind = ${kind}) k`;
  const amount = sql.raw("valor");
  const expenseType = sql.raw("tipo_despesa");
  const pixKey = sql.raw("chave_pix");
  // The month a limit counts in: the expense's, or the request's (São Paulo) for kinds without one.
  const monthOf = payment.expenseDate
    ? sql`to_char(data_despesa, 'YYYY-MM')`
    : sql`to_char(created_at at time zone 'America/Sao_Paulo', 'YYYY-MM')`;
  const expenseDate = payment.expenseDate ? sql`data_despesa::text` : sql`null::text`;
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

  const notCounted = NOT_COUNTED;
  const paidKeys = sql`select user_id, id, chave_pix as pix_key, settled_at from ${requests}
    where kind in (${sql.join(
      paymentKinds.map((k) => sql`${k}`),
      sql`, `,
    )}) and status = 'pago' and user_id in (select user_id from s)`;
  const sameFactsQuery = payment.expenseDate
    ? sql`select k.id, k.user_id, k.valor::text as amount, k.data_despesa::text as expense_date
          from ${table}
          where k.user_id in (select user_id from s) and k.status not in ${notCounted}
            and (k.user_id, k.data_despesa, k.valor) in (
              select user_id, expense_date::date, amount::numeric from s)`
    : sql`select null::uuid as id, null::text as user_id, null::text as amount, null::text as expense_date where false`;
  // One statement for the whole set: the subjects and every fact the rules read, as JSON.
  const [data] = rowsOf<{ data: FlagFacts }>(
    await db.execute(sql`
      with s as (
        select id, user_id, created_at, ${amount}::text as amount, ${expenseDate} as expense_date,
               ${expenseType} as expense_type, ${monthOf} as month, ${pixKey} as pix_key
        -- The rows by primary key, planned on their own (offset 0): beside kind = …, PGlite (no
        -- statistics) walked the kind's index through all its requests (docs/bench.md, 'Scale').
        from (select * from ${requests} where id in (${idList}) offset 0) k where kind = ${kind}
      ),
      same_facts as (${sameFactsQuery}),
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
        select user_id, ${expenseType} as expense_type, ${monthOf} as month, sum(${amount})::text as total
        from ${table} where user_id in (select user_id from s) and status not in ${notCounted}
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
      ) as data`),
  );
  const facts = typeof data?.data === "string" ? (JSON.parse(data.data) as FlagFacts) : data?.data;
  if (!facts) return flags;
  const subjects = facts.subjects.map(
    (r): Subject => ({
      id: r.id,
      userId: r.user_id,
      createdAt: new Date(r.created_at),
      amountCents: numericToCents(r.amount),
      expenseDate: r.expense_date,
      expenseType: r.expense_type,
      month: r.month,
      pixKey: r.pix_key || null,
    }),
  );
  const sameFacts = { rows: facts.sameFacts };
  const sameBytes = { rows: facts.sameBytes };
  const limits = { rows: facts.limits };
  const totals = { rows: facts.totals };
  const firsts = { rows: facts.firsts };
  const lastPaid = { rows: facts.lastPaid };

  const others = rowsOf<{ id: string; user_id: string; amount: string; expense_date: string | null }>(
    sameFacts,
  ).map((r) => ({
    id: r.id,
    userId: r.user_id,
    amountCents: numericToCents(r.amount),
    expenseDate: r.expense_date,
  }));
  const bytes = rowsOf<{ id: string; file_name: string; requests: number }>(sameBytes);
  const limitOf = new Map(
    rowsOf<{ expense_type: string; monthly_limit_cents: string | number }>(limits).map((r) => [
      r.expense_type,
      Number(r.monthly_limit_cents),
    ]),
  );
  const totalOf = new Map(
    rowsOf<{ user_id: string; expense_type: string; month: string; total: string }>(totals).map((r) => [
      `${r.user_id}|${r.expense_type}|${r.month}`,
      numericToCents(r.total),
    ]),
  );
  const firstOf = new Map(rowsOf<{ user_id: string; id: string }>(firsts).map((r) => [r.user_id, r.id]));
  const paidKeyOf = new Map(
    rowsOf<{ user_id: string; id: string; pix_key: string | null }>(lastPaid).map((r) => [r.user_id, r]),
  );

  for (const s of subjects) {
    const paid = paidKeyOf.get(s.userId);
    const found = [
      duplicateByFacts(s, others),
      duplicateAttachment(
        bytes.filter((b) => b.id === s.id).map((b) => ({ fileName: b.file_name, requests: b.requests })),
      ),
      overMonthlyLimit(
        totalOf.get(`${s.userId}|${s.expenseType}|${s.month}`) ?? 0,
        limitOf.get(s.expenseType),
        optionLabel(payment.expenseTypeOptions, s.expenseType),
        s.month,
      ),
      firstRequest(firstOf.get(s.userId) === s.id, requestKind(kind).label),
      paid && paid.id !== s.id ? pixKeyChanged(s.pixKey, paid.pix_key || null) : null,
    ].filter((f): f is Flag => f !== null);
    flags.set(s.id, found);
  }
  return flags;
}
