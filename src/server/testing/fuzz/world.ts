import { sql } from "drizzle-orm";
import type { RequestKind } from "@/domain/requests/kinds";
import type { Executor } from "../../db/client";

/*
 * What the fuzzer knows of the seeded data: the ids of every row a call can name, with whose
 * row it is, so a generated call says "one of another person's requests" and this resolves it
 * when the call is made. Generated values hold `Ref`s, not ids: the same seed then makes the
 * same calls on any database, whatever ids its rows got.
 */

export type Role = "anonymous" | "requester" | "reviewer" | "admin";

/** Who makes a call: no one (signed out) or a signed-in person with their session cookie. */
export type Actor = { role: Role; email: string | null; userId: string | null; cookie: string | null };

type Owned<T> = T & { owner: string | null };

export type Pool = {
  requests: Owned<{ kind: RequestKind; id: string }>[];
  anexos: Owned<{ id: string }>[];
  plans: Owned<{ id: string; postIds: string[] }>[];
  clients: string[];
  vagas: string[];
  teams: string[];
  notifications: Owned<{ id: number }>[];
  emails: string[];
  shareTokens: string[];
  /** Signed download links of files (an automation's), by file id. */
  signedLinks: { id: string; expires: string; signature: string }[];
  /** List cursors seen in answers (added to while fuzzing). */
  cursors: string[];
};

export type Side = "own" | "other" | "any";

/** A value made when the call is made, from the pool and the actor. */
export class Ref {
  constructor(
    readonly label: string,
    readonly resolve: (pool: Pool, actor: Actor) => unknown,
  ) {}
  toString() {
    return `<${this.label}>`;
  }
}

/** The `i`-th item (modulo) of the ones on `side` of the actor; undefined when there is none. */
export function pick<T extends { owner: string | null }>(
  items: T[],
  side: Side,
  actor: Actor,
  i: number,
): T | undefined {
  const mine = (item: T) => actor.userId !== null && item.owner === actor.userId;
  const chosen = side === "any" ? items : items.filter((item) => (side === "own" ? mine(item) : !mine(item)));
  return chosen.length === 0 ? undefined : chosen[i % chosen.length];
}

/** Replaces every Ref in a generated value by what it stands for. */
export function materialize(value: unknown, pool: Pool, actor: Actor): unknown {
  if (value instanceof Ref) return materialize(value.resolve(pool, actor), pool, actor);
  if (Array.isArray(value)) return value.map((item) => materialize(item, pool, actor));
  // Plain objects only (fast-check may make them without a prototype); a Buffer or Date stays as it is.
  const prototype = value !== null && typeof value === "object" ? Object.getPrototypeOf(value) : undefined;
  if (prototype === Object.prototype || prototype === null) {
    const out: Record<string, unknown> = {};
    // defineProperty: a generated `__proto__` key stays a key, as JSON.parse makes it on the server.
    for (const [key, item] of Object.entries(value as object)) {
      Object.defineProperty(out, key, {
        value: materialize(item, pool, actor),
        enumerable: true,
        writable: true,
      });
    }
    return out;
  }
  return value;
}

type Row = Record<string, unknown>;
const rows = async (db: Executor, query: ReturnType<typeof sql>) => (await db.execute(query)).rows as Row[];

/** The ids in the database now, in a stable order (so a seed picks the same rows again). */
export async function readPool(
  db: Executor,
  known: { emails: string[]; shareTokens: string[]; signedLinks: Pool["signedLinks"] },
) {
  const requests = (
    await rows(db, sql`select kind, id, user_id from requests order by kind, created_at, id`)
  ).map((r) => ({ kind: r.kind as RequestKind, id: String(r.id), owner: String(r.user_id) }));
  const owners = new Map(requests.map((r) => [`${r.kind}:${r.id}`, r.owner]));
  const anexos = (
    await rows(db, sql`select id, solicitacao_tipo, solicitacao_id from anexos order by created_at, id`)
  ).map((r) => ({
    id: String(r.id),
    owner: owners.get(`${r.solicitacao_tipo}:${r.solicitacao_id}`) ?? null,
  }));
  const plans = (
    await rows(
      db,
      sql`select id, user_id, coalesce((select jsonb_agg(p->>'id') from jsonb_array_elements(calendario_editorial->'semanas') w,
            jsonb_array_elements(w->'posts') p), '[]'::jsonb) as posts
          from planejamentos_conteudo order by created_at, id`,
    )
  ).map((r) => ({
    id: String(r.id),
    owner: String(r.user_id),
    postIds: (r.posts as string[]).filter(Boolean),
  }));
  const ids = async (table: string) =>
    (await rows(db, sql.raw(`select id from ${table} order by created_at, id`))).map((r) => String(r.id));
  const notifications = (await rows(db, sql`select id, user_id from notifications order by id`)).map((r) => ({
    id: Number(r.id),
    owner: String(r.user_id),
  }));
  return {
    requests,
    anexos,
    plans,
    clients: await ids("clients"),
    vagas: (await rows(db, sql`select id from vagas order by data_criacao, id`)).map((r) => String(r.id)),
    teams: await ids("teams"),
    notifications,
    emails: known.emails,
    shareTokens: known.shareTokens,
    signedLinks: known.signedLinks,
    cursors: [],
  } satisfies Pool;
}
