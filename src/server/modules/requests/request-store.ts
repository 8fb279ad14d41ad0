import { type SQL, sql } from "drizzle-orm";
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

/** The columns the review desk keeps on every request: never part of a kind's record. */
const ROW_COLUMNS = new Set([
  "id",
  "kind",
  "userId",
  "status",
  "idempotencyKey",
  "createdAt",
  "assigneeId",
  "statusChangedAt",
  "version",
  "pendingApprovalTeamId",
  "approvalTeamId",
  "decidedAt",
  "decidedBy",
  "settledAt",
  "settledBy",
  "slaMinutes",
]);

const SHARED = new Map(REQUEST_KINDS.map((kind) => [kind, sharedFieldColumns(requestKind(kind))]));
const KNOWN = new Map(REQUEST_KINDS.map((kind) => [kind, recordFields(requestKind(kind))]));
const shared = (kind: RequestKind) => SHARED.get(kind)!;
/** Each kind's shared fields with their SQL column names, as raw rows carry them. */
const SHARED_ENTRIES = new Map(
  REQUEST_KINDS.map((kind) => [
    kind,
    Object.entries(shared(kind)).map(([field, column]) => [field, requests[column].name] as const),
  ]),
);
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

/** A listed row's fields as the kind's entry names them, from its `dados` and shared columns (raw SQL names). */
export function recordOfRaw(kind: RequestKind, row: Readonly<Record<string, unknown>>) {
  const record = (
    typeof row.dados === "string" ? JSON.parse(row.dados) : { ...(row.dados as object) }
  ) as Record<string, unknown>;
  for (const [field, column] of SHARED_ENTRIES.get(kind)!) if (column in row) record[field] = row[column];
  return record;
}
