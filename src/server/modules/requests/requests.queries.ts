import { and, eq, sql } from "drizzle-orm";
import type { RequestKind } from "@/domain/requests/messages";
import type { Db } from "../../db/client";
import {
  anexos,
  bolsaSolicitacoes,
  materialSolicitacoes,
  reembolsoSolicitacoes,
  seoSolicitacoes,
  suporteSolicitacoes,
} from "../../db/schema";

export const REQUEST_TABLES = {
  reembolso: reembolsoSolicitacoes,
  bolsa: bolsaSolicitacoes,
  material: materialSolicitacoes,
  suporte: suporteSolicitacoes,
  seo: seoSolicitacoes,
} as const;

export const TABLE_NAMES: Record<RequestKind, string> = {
  reembolso: "reembolso_solicitacoes",
  bolsa: "bolsa_solicitacoes",
  material: "material_solicitacoes",
  suporte: "suporte_solicitacoes",
  seo: "seo_solicitacoes",
};

export type RequestListRow = {
  tipo: RequestKind;
  id: string;
  created_at: Date | string;
  status: string;
  resumo: string;
  valor: string | null;
};

import type { Cursor } from "../../http/keyset-cursor";

/*
 * One page of a user's requests of every kind, newest first. Each branch reads
 * its own (user_id, created_at desc, id desc) index and stops after `limit` rows,
 * so the page costs the same with ten requests or ten thousand; the keyset
 * cursor (created_at, id) keeps later pages just as cheap.
 */
export async function listUserRequests(db: Db, userId: string, limit: number, cursor: Cursor | null) {
  const after = (table: string) =>
    cursor
      ? sql`and (${sql.raw(table)}.created_at, ${sql.raw(table)}.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
      : sql``;
  const branch = (tipo: RequestKind, resumo: string, valor: string) => {
    const table = TABLE_NAMES[tipo];
    return sql`(select ${tipo}::text as tipo, id, created_at, status, ${sql.raw(resumo)} as resumo, ${sql.raw(valor)} as valor
      from ${sql.raw(table)} where user_id = ${userId} ${after(table)}
      order by created_at desc, id desc limit ${limit})`;
  };
  const result = await db.execute(sql`
    ${branch("reembolso", "descricao", "valor")}
    union all ${branch("bolsa", "titulo", "valor")}
    union all ${branch("material", "descricao || ' (' || quantidade || ')'", "null::numeric")}
    union all ${branch("suporte", "assunto", "null::numeric")}
    union all ${branch("seo", "url", "null::numeric")}
    order by created_at desc, id desc
    limit ${limit}`);
  return result.rows as RequestListRow[];
}

export async function countUserRequests(db: Db, userId: string): Promise<number> {
  const counts = Object.values(TABLE_NAMES).map(
    (table) => sql`(select count(*) from ${sql.raw(table)} where user_id = ${userId})`,
  );
  const result = await db.execute(sql`select (${sql.join(counts, sql` + `)})::int as total`);
  return Number((result.rows[0] as { total: number }).total);
}

export async function findUserRequest(db: Db, kind: RequestKind, id: string, userId: string) {
  const table = REQUEST_TABLES[kind];
  const [row] = await db
    .select()
    .from(table)
    .where(and(eq(table.id, id), eq(table.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function findRequestAttachments(db: Db, kind: RequestKind, requestId: string) {
  return db
    .select({
      id: anexos.id,
      nome: anexos.nomeOriginal,
      contentType: anexos.contentType,
      tamanho: anexos.tamanho,
    })
    .from(anexos)
    .where(and(eq(anexos.solicitacaoTipo, kind), eq(anexos.solicitacaoId, requestId)))
    .orderBy(anexos.createdAt, anexos.nomeArquivo);
}

export async function findUserAttachment(db: Db, id: string, userId: string | null) {
  const [row] = await db
    .select()
    .from(anexos)
    .where(userId === null ? eq(anexos.id, id) : and(eq(anexos.id, id), eq(anexos.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** The request a retried submission already created, found by its Idempotency-Key. */
export async function findByIdempotencyKey(db: Db, kind: RequestKind, userId: string, key: string) {
  const table = REQUEST_TABLES[kind];
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.userId, userId), eq(table.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}
