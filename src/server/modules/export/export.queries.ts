import { type SQL, sql } from "drizzle-orm";
import { KIND_EXPORT_FIELDS } from "@/domain/export/columns";
import { REQUEST_KIND_REGISTRY, REQUEST_KINDS, type RequestKind } from "@/domain/requests/kinds";
import type { Executor } from "../../db/client";
import { anexos, users } from "../../db/schema";
import { columnName, kindTableName } from "../requests/kind-tables";
import {
  filtersCondition,
  type QueueFilters,
  type ReviewerScope,
  scopeCondition,
} from "../review/review.queries";

export type ExportFilters = QueueFilters & { costCentre?: string | undefined };

/** Where a page ends: the row's created_at as PostgreSQL writes it (microseconds kept) and its id. */
export type ExportCursor = { createdAt: string; id: string };

/** A stored file of an exported request. */
export type ExportFileRow = {
  id: string;
  nome: string;
  contentType: string;
  storageKey: string;
  /** Came with a move of the workflow (the payment proof), not with the request. */
  doEvento: boolean;
};

export type ExportRowData = {
  tipo: RequestKind;
  id: string;
  created_key: string;
  created_at: string | Date;
  status: string;
  resumo_campos: Record<string, unknown>;
  valor: string | null;
  valor_aprovado: string | null;
  pago_em: string | null;
  forma_pagamento: string | null;
  data_despesa: string | null;
  tipo_despesa: string | null;
  centro_custo: string | null;
  chave_pix: string | null;
  decided_at: string | Date | null;
  decided_by: string | null;
  settled_at: string | Date | null;
  settled_by: string | null;
  requester_name: string;
  requester_email: string;
  anexos: ExportFileRow[];
};

/** The kinds an export reads: those of the scope (as the queue), or one of them, or the reimbursements of a cost centre. */
function exportedKinds(filters: ExportFilters): RequestKind[] {
  return REQUEST_KINDS.filter(
    (kind) =>
      (!filters.kind || filters.kind === kind) &&
      (!filters.costCentre || KIND_EXPORT_FIELDS[kind].costCentre !== undefined),
  );
}

function column(kind: RequestKind, field: string | undefined, cast = "text"): SQL {
  return field ? sql`r.${sql.raw(columnName(kind, field))}::${sql.raw(cast)}` : sql`null::${sql.raw(cast)}`;
}

/**
 * One keyset page of an export: the requests of 'Caixa de entrada' with the
 * same scope and filters (src/server/modules/review/review.queries.ts), oldest
 * first, every state the filter names, in ONE statement. Each kind's branch
 * gives the same columns (null where the kind has no such field); the
 * requester and the files are joined on the page only. Pages follow
 * (created_at, id), so a year is read a page at a time and never held whole.
 */
export async function exportPage(
  db: Executor,
  reviewer: { userId: string; scope: ReviewerScope },
  filters: ExportFilters,
  cursor: ExportCursor | null,
  limit: number,
): Promise<ExportRowData[]> {
  const branches: SQL[] = [];
  for (const kind of exportedKinds(filters)) {
    const scope = scopeCondition(
      reviewer.scope.kinds.find((s) => s.kind === kind),
      reviewer.scope.teamIds,
    );
    if (!scope) continue;
    const { list } = REQUEST_KIND_REGISTRY[kind];
    const fields = KIND_EXPORT_FIELDS[kind];
    const summary = sql.join(
      list.fields.map((field) => sql`${field}::text, r.${sql.raw(columnName(kind, field))}`),
      sql`, `,
    );
    const value = "value" in list && list.value ? (list.value as string) : undefined;
    const costCentre =
      filters.costCentre && fields.costCentre
        ? sql`and r.${sql.raw(columnName(kind, fields.costCentre))} = ${filters.costCentre}`
        : sql``;
    const after = cursor
      ? sql`and (r.created_at, r.id) > (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
      : sql``;
    branches.push(sql`(select ${kind}::text as tipo, r.id, r.created_at, r.created_at::text as created_key,
        r.status, r.user_id, jsonb_build_object(${summary}) as resumo_campos,
        ${column(kind, value, "numeric")} as valor,
        ${fields.payment ? sql`r.valor_aprovado` : sql`null::numeric`} as valor_aprovado,
        ${fields.payment ? sql`r.pago_em::text` : sql`null::text`} as pago_em,
        ${fields.payment ? sql`r.forma_pagamento` : sql`null::text`} as forma_pagamento,
        ${column(kind, fields.expenseDate)} as data_despesa,
        ${column(kind, fields.expenseType?.field)} as tipo_despesa,
        ${column(kind, fields.costCentre)} as centro_custo,
        ${column(kind, fields.pixKey)} as chave_pix,
        r.decided_at, r.decided_by, r.settled_at, r.settled_by
      from ${sql.raw(kindTableName(kind))} r
      where ${scope} and r.user_id <> ${reviewer.userId} and ${filtersCondition(filters)} ${costCentre} ${after}
      order by r.created_at, r.id limit ${limit})`);
  }
  if (!branches.length) return [];
  const result = await db.execute(sql`
    select q.*, coalesce(nullif(u.name, ''), u.email) as requester_name, u.email as requester_email,
      coalesce((select json_agg(json_build_object('id', a.id, 'nome', a.nome_original,
          'contentType', a.content_type, 'storageKey', a.storage_key, 'doEvento', a.evento_id is not null)
          order by a.created_at, a.id)
        from ${anexos} a where a.solicitacao_tipo = q.tipo and a.solicitacao_id = q.id), '[]'::json) as anexos
    from (select * from (${sql.join(branches, sql` union all `)}) b
      order by created_at, id limit ${limit}) q
    join ${users} u on u.id = q.user_id
    order by q.created_at, q.id`);
  return (result.rows as ExportRowData[]).map((row) => ({
    ...row,
    // node-postgres parses json itself; PGlite may hand it over as text.
    anexos: typeof row.anexos === "string" ? JSON.parse(row.anexos) : row.anexos,
  }));
}
