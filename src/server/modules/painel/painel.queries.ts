import { type SQL, sql } from "drizzle-orm";
import { REQUEST_KIND_REGISTRY, type RequestKind } from "@/domain/requests/kinds";
import { COST_CENTRE_OPTIONS, REIMBURSEMENT_TYPE_OPTIONS } from "@/domain/requests/options";
import { CLOSED_STATES } from "@/domain/requests/workflow";
import type { Executor } from "../../db/client";
import { kindTableName } from "../requests/kind-tables";
import { type KindScope, scopeCondition } from "../review/review.queries";

/*
 * The Painel's SQL (issue 12): every figure is grouped by the database, one
 * statement per chart, each a UNION ALL of the kinds the reader sees with the
 * same scope condition as the queue. Months are São Paulo's.
 */

const SP = sql.raw("'America/Sao_Paulo'");
const closedList = sql.join(
  CLOSED_STATES.map((s) => sql`${s}`),
  sql`, `,
);

export type Period = { from: string; to: string };

/** created_at within the period's São Paulo days, both ends included. */
const createdIn = (p: Period) =>
  sql`r.created_at >= (${p.from}::date)::timestamp at time zone ${SP} and r.created_at < (${p.to}::date + 1)::timestamp at time zone ${SP}`;
// Grouped by the month's first instant; written 'yyyy-mm' once per group, not once per row.
const month = (column: SQL) => sql`date_trunc('month', ${column} at time zone ${SP})`;

function branches(
  scopes: readonly KindScope[],
  build: (kind: RequestKind, where: SQL) => SQL | null,
): SQL | null {
  const parts: SQL[] = [];
  for (const scope of scopes) {
    const where = scopeCondition(scope, []);
    if (!where) continue;
    const part = build(scope.kind, where);
    if (part) parts.push(sql`(${part})`);
  }
  return parts.length ? sql.join(parts, sql` union all `) : null;
}

const table = (kind: RequestKind) => sql.raw(kindTableName(kind));

export async function requestsPerMonth(db: Executor, scopes: readonly KindScope[], period: Period) {
  const union = branches(
    scopes,
    (
      kind,
      where,
    ) => sql`select ${kind}::text as tipo, ${month(sql`r.created_at`)} as m, count(*)::int as total
      from ${table(kind)} r where ${where} and ${createdIn(period)} group by 2`,
  );
  if (!union) return [];
  const result = await db.execute(sql`select tipo, to_char(m, 'YYYY-MM') as mes, total from (${union}) x`);
  return result.rows as { tipo: RequestKind; mes: string; total: number }[];
}

/** A CASE over an option list: the stored value as people read it. */
function labelOf(column: SQL, options: readonly { value: string; label: string }[]) {
  return sql`case ${column} ${sql.join(
    options.map((o) => sql`when ${o.value} then ${o.label}`),
    sql` `,
  )} else ${column} end`;
}

/**
 * Approved amounts by decision month and paid amounts by payment month, in
 * cents, for reimbursements (cost centre, expense type) and grants (no cost
 * centre: 'Bolsa de Capacitação'; their type as the expense type). The
 * approved value is `valor_aprovado`, or the whole value where none was kept.
 */
export async function amounts(db: Executor, scopes: readonly KindScope[], period: Period) {
  const centre: Partial<Record<RequestKind, { centre: SQL; type: SQL }>> = {
    reembolso: {
      centre: labelOf(sql`r.centro_custo`, COST_CENTRE_OPTIONS),
      type: labelOf(sql`r.categoria`, REIMBURSEMENT_TYPE_OPTIONS),
    },
    bolsa: {
      centre: sql`${REQUEST_KIND_REGISTRY.bolsa.label}::text`,
      type: sql`'Bolsa: ' || r.tipo`,
    },
  };
  const from = sql`(${period.from}::date)::timestamp at time zone ${SP}`;
  const to = sql`(${period.to}::date + 1)::timestamp at time zone ${SP}`;
  const union = branches(scopes, (kind, where) => {
    const c = centre[kind];
    if (!c) return null;
    const value = sql`round(coalesce(r.valor_aprovado, r.valor) * 100)::bigint`;
    const paidAt = sql`coalesce(r.pago_em::timestamp at time zone ${SP}, r.settled_at)`;
    return sql`select ${month(sql`r.decided_at`)} as mes, ${c.centre} as centro, ${c.type} as despesa,
        ${value} as aprovado, 0::bigint as pago
        from ${table(kind)} r
        where ${where} and r.status in ('aprovado', 'pago') and r.decided_at >= ${from} and r.decided_at < ${to}
      union all
      select ${month(paidAt)}, ${c.centre}, ${c.type}, 0::bigint, ${value}
        from ${table(kind)} r
        where ${where} and r.status = 'pago' and ${paidAt} >= ${from} and ${paidAt} < ${to}`;
  });
  if (!union) return [];
  const result = await db.execute(sql`select to_char(mes, 'YYYY-MM') as mes, centro, despesa,
      sum(aprovado)::bigint as aprovado, sum(pago)::bigint as pago
    from (${union}) v group by v.mes, 2, 3 order by v.mes, 2, 3`);
  return result.rows as { mes: string; centro: string; despesa: string; aprovado: string; pago: string }[];
}

/** Median and 90th percentile, in hours, from sending to decision and to settlement (payment, delivery). */
export async function durations(db: Executor, scopes: readonly KindScope[], period: Period) {
  const hours = (end: SQL) => sql`extract(epoch from (${end} - r.created_at)) / 3600`;
  const union = branches(
    scopes,
    // One sort per measure: both percentiles from the same ordered set.
    (kind, where) => sql`select ${kind}::text as tipo,
        percentile_cont(array[0.5, 0.9]) within group (order by ${hours(sql`r.decided_at`)}) as decisao,
        count(r.decided_at)::int as decisao_n,
        percentile_cont(array[0.5, 0.9]) within group (order by ${hours(sql`r.settled_at`)}) as pagamento,
        count(r.settled_at)::int as pagamento_n
      from ${table(kind)} r where ${where} and ${createdIn(period)}`,
  );
  if (!union) return [];
  const result = await db.execute(union);
  return result.rows as {
    tipo: RequestKind;
    /** [median, p90], each null when nothing was decided (or settled). */
    decisao: (number | string | null)[] | null;
    decisao_n: number;
    pagamento: (number | string | null)[] | null;
    pagamento_n: number;
  }[];
}

/** The open requests' clocks (classified in TypeScript: business hours are not SQL). */
export async function openClocks(db: Executor, scopes: readonly KindScope[]) {
  const union = branches(
    scopes,
    (kind, where) => sql`select ${kind}::text as tipo, r.status, r.sla_minutes, r.status_changed_at
      from ${table(kind)} r where ${where} and r.status not in (${closedList})`,
  );
  if (!union) return [];
  const result = await db.execute(union);
  return result.rows as {
    tipo: RequestKind;
    status: string;
    sla_minutes: number;
    status_changed_at: string | Date;
  }[];
}
