import { type SQL, sql } from "drizzle-orm";
import { WORKFLOW_COLUMNS } from "@/domain/requests/access";
import { REQUEST_KINDS, type RequestKind, requestKind } from "@/domain/requests/kinds";
import { recordFields, sharedFieldColumns } from "@/domain/requests/kinds/stored-columns";
import { requests } from "../../db/schema";

/*
 * The one place that knows how a kind's record sits in the `requests` table
 * (docs/decisions/034-one-requests-table.md): the fields finance, the queue and
 * the Painel read are shared columns, the rest is `dados`. Code above this
 * module reads and writes records by their field names, as the kind's entry
 * names them, and never learns which is which.
 */

/** What the outbox records as a webhook's source table. */
export const REQUESTS_TABLE = "requests";

/** The columns every request has: never part of a kind's record. */
const ROW_COLUMNS = new Set<string>(["id", "kind", "status", "createdAt", ...WORKFLOW_COLUMNS]);

const SHARED = new Map(REQUEST_KINDS.map((kind) => [kind, sharedFieldColumns(requestKind(kind))]));
const KNOWN = new Map(REQUEST_KINDS.map((kind) => [kind, recordFields(requestKind(kind))]));
const shared = (kind: RequestKind) => SHARED.get(kind)!;

const known = (kind: RequestKind) => KNOWN.get(kind)!;

const JSON_VALUE = (value: unknown) =>
  value === null || ["string", "number", "boolean"].includes(typeof value);

/**
 * Splits values by field name into the row's columns and the kind's `dados`.
 * A field the kind does not declare, or a value that is not plain JSON, is a
 * programming error: it throws before anything is written.
 */
export function toStored(kind: RequestKind, values: Readonly<Record<string, unknown>>) {
  const columns: Record<string, unknown> = {};
  const dados: Record<string, unknown> = {};
  const sharedColumns = shared(kind);
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined) continue;
    if (ROW_COLUMNS.has(field)) columns[field] = value;
    else if (sharedColumns[field]) columns[sharedColumns[field]] = value;
    else if (!known(kind).has(field)) throw new Error(`${kind} has no field '${field}'`);
    else if (!JSON_VALUE(value)) throw new Error(`${kind}.${field} is not a plain value`);
    else dados[field] = value;
  }
  return { columns, dados };
}

/** The values of an insert: the row's columns and the whole `dados`. */
export function insertValues(kind: RequestKind, values: Readonly<Record<string, unknown>>) {
  const { columns, dados } = toStored(kind, values);
  return { ...columns, kind, dados } as typeof requests.$inferInsert;
}

/** The `set` of an update: columns as given, `dados` merged so untouched fields stay. */
export function updateValues(kind: RequestKind, values: Readonly<Record<string, unknown>>) {
  const { columns, dados } = toStored(kind, values);
  if (Object.keys(dados).length) columns.dados = sql`${requests.dados} || ${JSON.stringify(dados)}::jsonb`;
  return columns;
}

type StoredRow = typeof requests.$inferSelect;

/** A row as its kind's record: the row columns, the shared columns under their field names, and `dados`. */
export function fromStored(row: StoredRow): Record<string, unknown> & { id: string; status: string } {
  const kind = row.kind as RequestKind;
  const record: Record<string, unknown> = { ...row.dados };
  for (const [field, column] of Object.entries(shared(kind))) record[field] = row[column];
  for (const column of ROW_COLUMNS) if (column !== "kind") record[column] = row[column as keyof StoredRow];
  return record as Record<string, unknown> & { id: string; status: string };
}

/** The SQL of a record field on the row aliased `r`: its column, or its text in `dados`. */
export function fieldSql(kind: RequestKind, field: string): SQL {
  const column = shared(kind)[field];
  if (column) return sql`r.${sql.identifier(requests[column].name)}`;
  return sql`(r.dados ->> ${field})`;
}

/** The JSON of a record field on the row aliased `r`: its column's value, or its value in `dados`. */
export function fieldJson(kind: RequestKind, field: string): SQL {
  const column = shared(kind)[field];
  if (column) return sql`to_jsonb(r.${sql.identifier(requests[column].name)})`;
  return sql`(r.dados -> ${field})`;
}
