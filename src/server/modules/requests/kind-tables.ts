import { getTableName } from "drizzle-orm";
import type { RequestKind } from "@/domain/requests/kinds";
import {
  bolsaSolicitacoes,
  materialSolicitacoes,
  reembolsoSolicitacoes,
  seoSolicitacoes,
  suporteSolicitacoes,
} from "../../db/schema";

/**
 * The one place that knows where each request kind is stored. Every table has
 * the common columns (id, user_id, status, idempotency_key, created_at) and the
 * kind's record fields under the names of its registry entry.
 */
export const KIND_TABLES = {
  reembolso: reembolsoSolicitacoes,
  bolsa: bolsaSolicitacoes,
  material: materialSolicitacoes,
  suporte: suporteSolicitacoes,
  seo: seoSolicitacoes,
} as const satisfies Record<RequestKind, unknown>;

export type KindTable = (typeof KIND_TABLES)[RequestKind];

export function kindTable(kind: RequestKind): KindTable {
  return KIND_TABLES[kind];
}

/** The SQL name of a kind's table ('reembolso_solicitacoes'), as the outbox records its source. */
export function kindTableName(kind: RequestKind): string {
  return getTableName(KIND_TABLES[kind]);
}

/** The SQL name of a record field's column in a kind's table. */
export function columnName(kind: RequestKind, field: string): string {
  const column = (KIND_TABLES[kind] as unknown as Record<string, { name: string } | undefined>)[field];
  if (!column?.name) throw new Error(`${kind} has no column for the field '${field}'`);
  return column.name;
}
