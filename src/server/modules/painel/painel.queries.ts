import { type SQL, sql } from "drizzle-orm";
import { REQUEST_KINDS, type RequestKind, requestKind } from "@/domain/requests/kinds";
import { KIND_NAMES, kindMeta } from "@/domain/requests/kinds/meta";
import { COST_CENTRE_OPTIONS } from "@/domain/requests/options";
import { paidStates } from "@/domain/requests/workflow";
import type { Executor } from "../../db/client";
import { requests } from "../../db/schema";
import { type KindScope, scopeCondition } from "../review/review.queries";

/** The states of paid requests, in every kind's workflow. */
const PAID_STATES = paidStates(REQUEST_KINDS.map((kind) => requestKind(kind).workflow));

/*
 * The Painel's SQL (decision 014): one statement. Each kind's table the reader
 * sees is read once, with the same scope condition as the queue, into one
 * materialized set of the rows any chart needs (created, decided or paid in
 * the period, or still open); every chart is grouped from that set and the
 * answer comes back as one row of JSON. Reading each table once per chart
 * cost four scans of a year of requests, which PGlite (one statement at a
 * time, in WebAssembly) paid for in full (docs/bench.md). Months are São Paulo's.
 */

const SP = sql.raw("'America/Sao_Paulo'");

export type Period = { from: string; to: string };

/** A CASE over an option list: the stored value as people read it. */
function labelOf(column: SQL, options: readonly { value: string; label: string }[]) {
  return sql`case ${column} ${sql.join(
    options.map((o) => sql`when ${o.value} then ${o.label}`),
    sql` `,
  )} else ${column} end`;
}

/**
 * The money columns of the kinds that pay, from their meta: a kind with a cost
 * centre books by it and names its expense types; one without books under its
 * own label, its types prefixed ('Bolsa: Cursos'). The approved value is
 * `valor_aprovado`, or the whole value where none was kept; the payment's day
 * is `pago_em`, or when it was marked.
 */
const MONEY = Object.fromEntries(
  KIND_NAMES.flatMap((kind) => {
    const { payment, label } = kindMeta(kind);
    if (!payment) return [];
    const type = labelOf(sql`r.tipo_despesa`, payment.expenseTypeOptions);
    return [
      [
        kind,
        payment.costCentre
          ? { centre: labelOf(sql`r.centro_custo`, COST_CENTRE_OPTIONS), type }
          : { centre: sql`${label}::text`, type: sql`${payment.painelPrefix ?? ""}::text || ${type}` },
      ],
    ];
  }),
) as Partial<Record<RequestKind, { centre: SQL; type: SQL }>>;

/** A CASE over the kinds: each kind's expression, null for the kinds without one. */
function perKind(pick: (money: { centre: SQL; type: SQL }) => SQL): SQL {
  const kinds = Object.entries(MONEY) as [RequestKind, { centre: SQL; type: SQL }][];
  return sql`case r.kind ${sql.join(
    kinds.map(([kind, money]) => sql`when ${kind} then ${pick(money)}`),
    sql` `,
  )} end`;
}

export type PainelRows = {
  /** `mes` is the month's index in the period's months, from 1. */
  porMes: { tipo: RequestKind; mes: number; total: number }[];
  /** Cents approved by decision month and paid by payment month (indexes as above). */
  valores: { mes: number; centro: string; despesa: string; aprovado: number; pago: number }[];
  /** [median, p90] in hours from sending, each null when nothing was decided (or settled). */
  tempos: {
    tipo: RequestKind;
    decisao: (number | null)[] | null;
    decisao_n: number;
    pagamento: (number | null)[] | null;
    pagamento_n: number;
  }[];
  /** The open requests' clocks, [kind, state, minutes before this state, state's start in ms] (classified in TypeScript: business hours are not SQL). */
  abertos: [RequestKind, string, number, number][];
  /** The payments in a bank's file now, whatever the period: how many and their cents. */
  noBanco: { total: number; centavos: number | string };
};

/**
 * The statement, or null when the reader sees no kind. `months` is how many
 * calendar months the period touches: a row's month is found by a binary
 * search among their first instants (width_bucket), worked out once, instead
 * of converting every row's time to São Paulo's.
 */
export function painelStatement(scopes: readonly KindScope[], period: Period, months: number): SQL | null {
  const from = sql`(${period.from}::date)::timestamp at time zone ${SP}`;
  const to = sql`(${period.to}::date + 1)::timestamp at time zone ${SP}`;
  const within = (column: SQL) => sql`(${column} >= ${from} and ${column} < ${to})`;
  const monthOf = (column: SQL) => sql`width_bucket(${column}, (select starts from months))`;
  // Hours as double precision: extract() answers numeric, slow to sort thousands of.
  const hours = (end: SQL) => sql`(date_part('epoch', ${end}) - date_part('epoch', r.created_at)) / 3600`;
  const open = sql`r.aberta`;

  const where = scopeCondition(scopes, []);
  if (!where) return null;
  const paidAt = sql`coalesce(r.pago_em::timestamp at time zone ${SP}, r.settled_at)`;
  // Approved stays approved on its way to the bank (decision 059); paid stays paid while an advance is settled (067).
  const paidIn = sql.join(
    PAID_STATES.map((state) => sql`${state}`),
    sql`, `,
  );
  const decided = sql`r.status in ('aprovado', 'enviado_ao_banco', ${paidIn}) and ${within(sql`r.decided_at`)}`;
  const paid = sql`r.status in (${paidIn}) and ${within(paidAt)}`;
  const pays = sql`r.kind in (${sql.join(
    Object.keys(MONEY).map((kind) => sql`${kind}`),
    sql`, `,
  )})`;
  const sent = within(sql`r.created_at`);
  const base = sql`select r.kind, case when ${sent} then ${monthOf(sql`r.created_at`)} end,
      case when ${sent} then ${hours(sql`r.decided_at`)} end, case when ${sent} then ${hours(sql`r.settled_at`)} end,
      ${perKind((m) => m.centre)}, ${perKind((m) => m.type)},
      case when ${pays} then round(coalesce(r.valor_aprovado, r.valor) * 100)::bigint end,
      case when ${pays} and ${decided} then ${monthOf(sql`r.decided_at`)} end,
      case when ${pays} and ${paid} then ${monthOf(paidAt)} end,
      ${open}, r.status, r.sla_minutes, (date_part('epoch', r.status_changed_at) * 1000)::bigint
    from ${requests} r
    where ${where} and (${sent} or ${open} or ${within(sql`r.decided_at`)} or (${pays} and ${paid}))`;

  return sql`with months (starts) as (select array(select (${period.from}::date - extract(day from ${period.from}::date)::int + 1
        + make_interval(months => i))::timestamp at time zone ${SP} from generate_series(0, ${months}) i)),
    base (tipo, enviado, h_decisao, h_pagamento, centro, despesa, centavos, decidido, pago, aberta, status,
      sla_minutes, desde) as materialized (${base})
    select
      (select coalesce(json_agg(json_build_object('tipo', tipo, 'mes', enviado, 'total', total)), '[]')
        from (select tipo, enviado, count(*)::int as total from base where enviado is not null group by 1, 2) x) as por_mes,
      (select coalesce(json_agg(json_build_object('mes', mes, 'centro', centro, 'despesa', despesa,
          'aprovado', aprovado, 'pago', pago) order by mes, centro, despesa), '[]')
        from (select mes, centro, despesa, sum(aprovado)::bigint as aprovado, sum(pago)::bigint as pago from (
            select decidido as mes, centro, despesa, centavos as aprovado, 0::bigint as pago from base where decidido is not null
            union all
            select pago, centro, despesa, 0::bigint, centavos from base where pago is not null
          ) v group by 1, 2, 3) x) as valores,
      (select coalesce(json_agg(json_build_object('tipo', tipo, 'decisao', decisao, 'decisao_n', decisao_n,
          'pagamento', pagamento, 'pagamento_n', pagamento_n)), '[]')
        from (select tipo,
            -- One sort per measure: both percentiles from the same ordered set.
            percentile_cont(array[0.5, 0.9]) within group (order by h_decisao) as decisao,
            count(h_decisao)::int as decisao_n,
            percentile_cont(array[0.5, 0.9]) within group (order by h_pagamento) as pagamento,
            count(h_pagamento)::int as pagamento_n
          from base where enviado is not null group by tipo) x) as tempos,
      (select coalesce(json_agg(json_build_array(tipo, status, sla_minutes, desde)), '[]')
        from base where aberta) as abertos,
      (select json_build_object('total', count(*)::int, 'centavos', coalesce(sum(centavos), 0)::bigint)
        from base where aberta and status = 'enviado_ao_banco') as no_banco`;
}

export async function painelRows(
  db: Executor,
  scopes: readonly KindScope[],
  period: Period,
  months: number,
): Promise<PainelRows> {
  const statement = painelStatement(scopes, period, months);
  if (!statement)
    return { porMes: [], valores: [], tempos: [], abertos: [], noBanco: { total: 0, centavos: 0 } };
  const result = await db.execute(statement);
  const row = result.rows[0] as Record<string, unknown>;
  // PGlite and node-postgres both parse json columns; text is the fallback of a driver that does not.
  const parse = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;
  return {
    porMes: parse(row.por_mes),
    valores: parse(row.valores),
    tempos: parse(row.tempos),
    abertos: parse(row.abertos),
    noBanco: parse(row.no_banco),
  };
}
