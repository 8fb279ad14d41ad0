import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/** A timestamptz as JavaScript's toISOString() writes it ('2026-11-22T04:55:05.123Z'). */
export function isoTimestamp(column: AnyPgColumn | SQL): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * Runs a `select coalesce(json_agg(...), '[]')::text` and returns the JSON text
 * as the database wrote it. For long lists this is the fast path: one round
 * trip, and Node neither parses the rows (text[] columns are parsed a
 * character at a time by node-postgres) nor serializes them again.
 */
export async function jsonText(db: Db, query: SQL): Promise<string> {
  const result = await db.execute<{ body: string }>(query);
  return result.rows[0]?.body ?? "[]";
}
