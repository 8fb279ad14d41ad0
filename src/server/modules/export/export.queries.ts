import { sql } from "drizzle-orm";
import type { RequestKind } from "@/domain/requests/kinds";
import type { Executor } from "../../db/client";
import { anexos, requests, users } from "../../db/schema";
import { listed } from "../requests/requests.queries";
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

/**
 * One keyset page of an export: the requests of 'Caixa de entrada' with the
 * same scope and filters (src/server/modules/review/review.queries.ts), oldest
 * first, every state the filter names, in one statement over the one table:
 * the shared columns are the money columns (null where a kind has none); the
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
  const scope = scopeCondition(reviewer.scope.kinds, reviewer.scope.teamIds);
  if (!scope) return [];
  // A cost centre names the kinds that book to one: the others have none to match.
  const costCentre = filters.costCentre ? sql`and r.centro_custo = ${filters.costCentre}` : sql``;
  const after = cursor
    ? sql`and (r.created_at, r.id) > (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const result = await db.execute(sql`
    select q.*, coalesce(nullif(u.name, ''), u.email) as requester_name, u.email as requester_email,
      coalesce((select json_agg(json_build_object('id', a.id, 'nome', a.nome_original,
          'contentType', a.content_type, 'storageKey', a.storage_key, 'doEvento', a.evento_id is not null)
          order by a.created_at, a.id)
        from ${anexos} a where a.solicitacao_tipo = q.tipo and a.solicitacao_id = q.id), '[]'::json) as anexos
    from (select r.kind as tipo, r.id, r.created_at, r.status, r.dados, r.valor, r.created_at::text as created_key,
        r.user_id, r.valor_aprovado, r.pago_em::text as pago_em, r.forma_pagamento,
        r.data_despesa::text as data_despesa, r.tipo_despesa, r.centro_custo, r.chave_pix, r.rota,
        r.decided_at, r.decided_by, r.settled_at, r.settled_by
      from ${requests} r
      where ${scope} and r.user_id <> ${reviewer.userId} and ${filtersCondition(filters)} ${costCentre} ${after}
      order by r.created_at, r.id limit ${limit}) q
    join ${users} u on u.id = q.user_id
    order by q.created_at, q.id`);
  return (result.rows as Record<string, unknown>[]).map((raw) => {
    const row = listed(raw) as unknown as ExportRowData & { dados?: unknown };
    // node-postgres parses json itself; PGlite may hand it over as text.
    if (typeof row.anexos === "string") row.anexos = JSON.parse(row.anexos);
    delete row.dados;
    return row;
  });
}
