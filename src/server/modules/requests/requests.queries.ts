import { and, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import { REQUEST_KIND_REGISTRY, REQUEST_KINDS, type RequestKind } from "@/domain/requests/kinds";
import type { Db, Executor } from "../../db/client";
import { anexos } from "../../db/schema";
import type { Cursor } from "../../http/keyset-cursor";
import { columnName, kindTable, kindTableName } from "./kind-tables";

export type RequestListRow = {
  tipo: RequestKind;
  id: string;
  created_at: Date | string;
  status: string;
  /** The fields the kind's entry sums itself up with (`list.fields`). */
  resumo_campos: Record<string, unknown>;
  valor: string | null;
};

/** A kind's branch of the list: its table's columns as the common shape. */
function listBranch(kind: RequestKind, userId: string, limit: number, cursor: Cursor | null): SQL {
  const { list } = REQUEST_KIND_REGISTRY[kind];
  const table = sql.raw(kindTableName(kind));
  const summary = sql.join(
    list.fields.map((field) => sql`${field}::text, ${sql.raw(columnName(kind, field))}`),
    sql`, `,
  );
  const value = "value" in list && list.value ? sql.raw(columnName(kind, list.value)) : sql`null::numeric`;
  const after = cursor
    ? sql`and (${table}.created_at, ${table}.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  return sql`(select ${kind}::text as tipo, id, created_at, status,
      jsonb_build_object(${summary}) as resumo_campos, ${value} as valor
    from ${table} where user_id = ${userId} ${after}
    order by created_at desc, id desc limit ${limit})`;
}

/*
 * One page of a user's requests of every kind, newest first, in one statement
 * built from the registry. Each branch reads its own (user_id, created_at desc,
 * id desc) index and stops after `limit` rows, so the page costs the same with
 * ten requests or ten thousand; the keyset cursor (created_at, id) keeps later
 * pages just as cheap.
 */
export async function listUserRequests(db: Db, userId: string, limit: number, cursor: Cursor | null) {
  const branches = REQUEST_KINDS.map((kind) => listBranch(kind, userId, limit, cursor));
  const result = await db.execute(sql`
    ${sql.join(branches, sql` union all `)}
    order by created_at desc, id desc
    limit ${limit}`);
  return result.rows as RequestListRow[];
}

export async function countUserRequests(db: Db, userId: string): Promise<number> {
  const counts = REQUEST_KINDS.map(
    (kind) => sql`(select count(*) from ${sql.raw(kindTableName(kind))} where user_id = ${userId})`,
  );
  const result = await db.execute(sql`select (${sql.join(counts, sql` + `)})::int as total`);
  return Number((result.rows[0] as { total: number }).total);
}

export async function findUserRequest(db: Db, kind: RequestKind, id: string, userId: string) {
  const table = kindTable(kind);
  const [row] = await db
    .select()
    .from(table)
    .where(and(eq(table.id, id), eq(table.userId, userId)))
    .limit(1);
  return (row as Record<string, unknown> & { id: string; status: string; createdAt: Date }) ?? null;
}

const attachmentColumns = {
  id: anexos.id,
  nome: anexos.nomeOriginal,
  contentType: anexos.contentType,
  tamanho: anexos.tamanho,
};

/** The request's own files, sent by its author (not those that came with a move of its workflow). */
export async function findRequestAttachments(db: Db, kind: RequestKind, requestId: string) {
  return db
    .select(attachmentColumns)
    .from(anexos)
    .where(
      and(eq(anexos.solicitacaoTipo, kind), eq(anexos.solicitacaoId, requestId), isNull(anexos.eventoId)),
    )
    .orderBy(anexos.createdAt, anexos.nomeArquivo);
}

/** The files that came with moves of the request's workflow, each with its event. */
export async function findEventAttachments(db: Executor, kind: RequestKind, requestId: string) {
  const rows = await db
    .select({ ...attachmentColumns, eventoId: anexos.eventoId })
    .from(anexos)
    .where(
      and(eq(anexos.solicitacaoTipo, kind), eq(anexos.solicitacaoId, requestId), isNotNull(anexos.eventoId)),
    )
    .orderBy(anexos.createdAt, anexos.nomeArquivo);
  return rows as (Omit<(typeof rows)[number], "eventoId"> & { eventoId: number })[];
}

/** An attachment by id; who may read it is the caller's decision. */
export async function findAttachment(db: Db, id: string) {
  const [row] = await db.select().from(anexos).where(eq(anexos.id, id)).limit(1);
  return row ?? null;
}

/** The request a retried submission already created, found by its Idempotency-Key. */
export async function findByIdempotencyKey(db: Db, kind: RequestKind, userId: string, key: string) {
  const table = kindTable(kind);
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.userId, userId), eq(table.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

/**
 * Inserts a request row; null when this user already sent this Idempotency-Key
 * for this kind (the unique index decides, so two racing submissions make one).
 */
export async function insertRequest(
  db: Db,
  kind: RequestKind,
  values: Record<string, unknown> & { userId: string; idempotencyKey: string | null; id?: string },
) {
  const table = kindTable(kind);
  const [row] = await db
    .insert(table)
    .values(values as never)
    .onConflictDoNothing({ target: [table.userId, table.idempotencyKey] })
    .returning({ id: table.id, createdAt: table.createdAt, status: table.status });
  return row ?? null;
}

export async function updateRequestFields(
  db: Db,
  kind: RequestKind,
  id: string,
  values: Record<string, unknown>,
) {
  const table = kindTable(kind);
  await db
    .update(table)
    .set(values as never)
    .where(eq(table.id, id));
}

export async function insertAttachments(
  db: Executor,
  rows: {
    eventoId?: number;
    userId: string;
    solicitacaoTipo: RequestKind;
    solicitacaoId: string;
    storageKey: string;
    nomeOriginal: string;
    nomeArquivo: string;
    contentType: string;
    tamanho: number;
    sha256?: string;
  }[],
) {
  return db.insert(anexos).values(rows).returning({ id: anexos.id });
}

/** Removes attachment rows; answers their storage keys, for the files to go once the change is committed. */
export async function deleteAttachments(db: Db, ids: readonly string[]) {
  if (!ids.length) return [];
  const rows = await db
    .delete(anexos)
    .where(
      sql`${anexos.id} in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    )
    .returning({ storageKey: anexos.storageKey });
  return rows.map((r) => r.storageKey);
}
