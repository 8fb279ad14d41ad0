import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/** A timestamptz as JavaScript's toISOString() writes it ('2026-11-22T04:55:05.123Z'). */
export function isoTimestamp(column: AnyPgColumn | SQL): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * One newest-first keyset page as the JSON text `{"items":[…],"nextCursor":…}`,
 * in one statement: the rows after `after` (by `createdAt`, then `id`, both
 * descending), each as `item` (a json_build_object), and where the next page
 * starts, to the microsecond (rows created in the same millisecond are not
 * skipped). `encode` turns the last row's key into the client's cursor.
 *
 * The JSON is the database's text, passed through: for long lists this is the
 * fast path, one round trip, and Node neither parses the rows (text[] columns
 * are parsed a character at a time by node-postgres) nor serializes them again.
 */
export async function newestFirstJsonPage(
  db: Db,
  page: {
    item: SQL;
    createdAt: AnyPgColumn;
    id: AnyPgColumn;
    /** The FROM clause: a table or a join. */
    from: SQL;
    where?: SQL | undefined;
    after: { createdAt: string; id: string } | null;
    limit: number;
    encode: (last: { createdAt: string; id: string }) => string;
  },
): Promise<string> {
  const { createdAt, id, limit } = page;
  const conditions = [
    page.where,
    page.after
      ? sql`(${createdAt}, ${id}) < (${page.after.createdAt}::timestamptz, ${page.after.id}::uuid)`
      : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const result = await db.execute<{ items: string; last_key: string | null; more: boolean }>(sql`
    with page as (
      select ${id} as id, ${createdAt} as created, ${page.item} as item,
        row_number() over (order by ${createdAt} desc, ${id} desc) as n
      from ${page.from}
      ${where}
      order by ${createdAt} desc, ${id} desc
      limit ${limit + 1}
    )
    select coalesce(json_agg(item order by n) filter (where n <= ${limit}), '[]')::text as items,
      max(case when n = ${limit}
        then to_char(created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || id end) as last_key,
      count(*) > ${limit} as more
    from page`);
  const row = result.rows[0];
  const bar = row?.last_key?.lastIndexOf("|") ?? -1;
  const nextCursor =
    row?.more && row.last_key && bar > 0
      ? page.encode({ createdAt: row.last_key.slice(0, bar), id: row.last_key.slice(bar + 1) })
      : null;
  return `{"items":${row?.items ?? "[]"},"nextCursor":${JSON.stringify(nextCursor)}}`;
}
