import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { RequestRow } from "@/domain/requests/access";
import { REQUEST_KIND_REGISTRY, REQUEST_KINDS, type RequestKind } from "@/domain/requests/kinds";
import type { Db, Executor } from "../../db/client";
import { anexos, requests } from "../../db/schema";
import type { Cursor } from "../../http/keyset-cursor";
import { fieldJson, fieldSql, fromStored, insertValues, updateValues } from "./request-store";

export type RequestListRow = {
  tipo: RequestKind;
  id: string;
  created_at: Date | string;
  status: string;
  /** The fields the kind's entry sums itself up with (`list.fields`). */
  resumo_campos: Record<string, unknown>;
  valor: string | null;
};

/** A CASE over the kinds: each kind's SQL for its row. */
function perKind(pick: (kind: RequestKind) => SQL): SQL {
  return sql`case r.kind ${sql.join(
    REQUEST_KINDS.map((kind) => sql`when ${kind} then ${pick(kind)}`),
    sql` `,
  )} end`;
}

/**
 * What a listed row carries: the common columns, the fields the kind's entry
 * sums itself up with (`list.fields`, as JSON) and the value it shows, picked
 * in SQL so that a page of an export or a queue carries nothing more.
 */
export const LISTED_COLUMNS = sql`r.kind as tipo, r.id, r.created_at, r.status,
  ${perKind((kind) => {
    const fields = REQUEST_KIND_REGISTRY[kind].list.fields as readonly string[];
    return sql`jsonb_build_object(${sql.join(
      fields.map((field) => sql`${field}::text, ${fieldJson(kind, field)}`),
      sql`, `,
    )})`;
  })} as resumo_campos,
  ${perKind((kind) => {
    const { list } = REQUEST_KIND_REGISTRY[kind];
    return "value" in list && list.value
      ? sql`(${fieldSql(kind, list.value as string)})::numeric`
      : sql`null::numeric`;
  })} as valor`;

/** PGlite may hand JSON over as text; node-postgres parses it. */
export function listed<T extends { resumo_campos: unknown }>(
  row: T,
): T & { resumo_campos: Record<string, unknown> } {
  if (typeof row.resumo_campos === "string") row.resumo_campos = JSON.parse(row.resumo_campos);
  return row as T & { resumo_campos: Record<string, unknown> };
}

/** 'Buscar': every word as a prefix, accents folded as the index folds them; null when nothing is left to find. */
export function searchQuery(text: string | undefined): SQL | null {
  const words = (text ?? "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  if (!words.length) return null;
  return sql`r.busca @@ to_tsquery('simple', ${words.map((w) => `${w}:*`).join(" & ")})`;
}

/**
 * The requests 'Minhas solicitações' reads: the user's own, and with 'Buscar' those of them whose
 * words match. A search filters the user's rows (a few hundred at most, read through the user's
 * index) and never goes through the words' GIN index: every word is a prefix, and a short one
 * ('ana', which starts 'análise') matches a large share of all requests, which the GIN index reads
 * whole before intersecting with the user's (60–300 ms at 500,000 requests, docs/bench.md) while
 * the planner prices it far lower. `offset 0` keeps the subquery planned on its own, on the user's index.
 */
function userRows(userId: string, search: string | undefined, after: SQL = sql``): SQL {
  const found = searchQuery(search);
  const own = sql`select * from ${requests} r where r.user_id = ${userId} ${after}`;
  return found
    ? sql`(${own} offset 0) r where ${found}`
    : sql`${requests} r where r.user_id = ${userId} ${after}`;
}

/*
 * One page of a user's requests of every kind, newest first: one index scan
 * of (user_id, created_at desc, id desc) that stops after `limit` rows, so the
 * page costs the same with ten requests or ten thousand; the keyset cursor
 * (created_at, id) keeps later pages just as cheap.
 */
export async function listUserRequests(
  db: Db,
  userId: string,
  limit: number,
  cursor: Cursor | null,
  search?: string,
) {
  const after = cursor
    ? sql`and (r.created_at, r.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
    : sql``;
  const result = await db.execute(sql`select ${LISTED_COLUMNS} from ${userRows(userId, search, after)}
    order by r.created_at desc, r.id desc limit ${limit}`);
  return (result.rows as RequestListRow[]).map(listed);
}

export async function countUserRequests(db: Db, userId: string, search?: string): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as total from ${userRows(userId, search)}`);
  return Number((result.rows[0] as { total: number }).total);
}

export async function findUserRequest(db: Db, kind: RequestKind, id: string, userId: string) {
  const [row] = await db
    .select()
    .from(requests)
    .where(and(eq(requests.id, id), eq(requests.kind, kind), eq(requests.userId, userId)))
    .limit(1);
  return row
    ? (fromStored(row) as Record<string, unknown> & { id: string; status: string; createdAt: Date })
    : null;
}

/** A request by kind and id, whoever sent it: who may read or move it is the caller's decision. */
export async function findRequest(db: Executor, kind: RequestKind, id: string) {
  const [row] = await db
    .select()
    .from(requests)
    .where(and(eq(requests.id, id), eq(requests.kind, kind)))
    .limit(1);
  return row ? (fromStored(row) as RequestRow) : null;
}

/** The same, locked until the transaction ends: a move reads and writes it alone. */
export async function lockRequest(db: Executor, kind: RequestKind, id: string) {
  const [row] = await db
    .select()
    .from(requests)
    .where(and(eq(requests.id, id), eq(requests.kind, kind)))
    .for("update")
    .limit(1);
  return row ? (fromStored(row) as RequestRow) : null;
}

/**
 * Rows of one kind locked for update, in one statement (the bank's files move many at once,
 * docs/decisions/059), taken in id order so that two batches over the same rows wait, not deadlock.
 */
export async function lockRequests(db: Executor, kind: RequestKind, ids: readonly string[]) {
  if (!ids.length) return new Map<string, RequestRow>();
  const rows = await db
    .select()
    .from(requests)
    .where(and(inArray(requests.id, [...ids]), eq(requests.kind, kind)))
    .orderBy(requests.id)
    .for("update");
  return new Map(rows.map((row) => [row.id, fromStored(row) as RequestRow]));
}

/** Rows of one kind by id, in one statement (the payment batch reads every row it lists). */
export async function findRequests(db: Executor, kind: RequestKind, ids: readonly string[]) {
  if (!ids.length) return new Map<string, RequestRow>();
  const rows = await db
    .select()
    .from(requests)
    .where(and(inArray(requests.id, [...ids]), eq(requests.kind, kind)));
  return new Map(rows.map((row) => [row.id, fromStored(row) as RequestRow]));
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
  const [row] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.userId, userId), eq(requests.kind, kind), eq(requests.idempotencyKey, key)))
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
  const [row] = await db
    .insert(requests)
    .values(insertValues(kind, values))
    .onConflictDoNothing({ target: [requests.userId, requests.kind, requests.idempotencyKey] })
    .returning({ id: requests.id, createdAt: requests.createdAt, status: requests.status });
  return row ?? null;
}

export async function updateRequestFields(
  db: Db,
  kind: RequestKind,
  id: string,
  values: Record<string, unknown>,
) {
  await db
    .update(requests)
    .set(updateValues(kind, values) as never)
    .where(and(eq(requests.id, id), eq(requests.kind, kind)));
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
