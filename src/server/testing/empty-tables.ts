import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

/*
 * What every API test starts from: no people and nothing they made, and what a first start
 * makes (the keyed teams, the VAPID keys, the limits and service levels a migration seeds).
 *
 * A TRUNCATE … CASCADE of these tables cost 47 ms on PGlite and 105 ms on PostgreSQL per test
 * (it gives every table and index a new file), a tenth of the suite; a DELETE from the same
 * tables, children first, in one round trip, costs under 10 ms on both (decision 069). A table
 * that refuses a DELETE (the append-only events) is still truncated, with what references it.
 */
const ROOTS = [
  "users",
  "sessions",
  "accounts",
  "verifications",
  "rate_limits",
  "outbox",
  "anexos",
  "vagas",
  "clients",
  "planejamentos_conteudo",
  "plan_post_tasks",
  "team_members",
  "approval_policies",
  "events",
  "notifications",
  "notification_preferences",
];

const statements = new WeakMap<Database, string>();

export async function emptyTables(database: Database): Promise<void> {
  let script = statements.get(database);
  if (!script) {
    script = await deleteScript(database);
    statements.set(database, script);
  }
  if (database.pglite) await database.pglite.exec(script);
  // No parameters: node-postgres sends it as one simple query, every statement in one trip.
  else await database.db.execute(sql.raw(script));
}

/** The roots and every table that references them, as TRUNCATE … CASCADE would reach, children first. */
async function deleteScript(database: Database): Promise<string> {
  const edges = await database.db.execute<{ child: string; parent: string }>(sql`
    select conrelid::regclass::text as child, confrelid::regclass::text as parent
    from pg_constraint
    where contype = 'f' and connamespace = 'public'::regnamespace and conrelid <> confrelid`);
  const rows = edges.rows;
  const children = new Map<string, string[]>();
  for (const { child, parent } of rows) children.set(parent, [...(children.get(parent) ?? []), child]);
  const reached: string[] = [];
  const visit = (table: string) => {
    if (reached.includes(table)) return;
    reached.push(table);
    for (const child of children.get(table) ?? []) visit(child);
  };
  for (const root of ROOTS) visit(root);
  const truncated = await tablesRefusingDeletes(database);
  for (const table of truncated) for (const child of children.get(table) ?? []) truncated.add(child);
  const deleted = reached.filter((table) => !truncated.has(table));
  return [
    ...(truncated.size > 0 ? [`truncate table ${[...truncated].join(", ")};`] : []),
    ...topologicalChildrenFirst(deleted, rows).map((table) => `delete from ${table};`),
    // The teams a first start makes (migration 0007) stay; those a test made go.
    "delete from teams where key is null;",
  ].join("\n");
}

/** Tables with a trigger of their own before a row's DELETE, in the roots' reach or not. */
async function tablesRefusingDeletes(database: Database): Promise<Set<string>> {
  // tgtype: 2 = BEFORE, 8 = DELETE (PostgreSQL's pg_trigger.h).
  const result = await database.db.execute<{ name: string }>(sql`
    select tgrelid::regclass::text as name from pg_trigger
    where not tgisinternal and (tgtype & 2) <> 0 and (tgtype & 8) <> 0`);
  return new Set(result.rows.map((row) => row.name));
}

function topologicalChildrenFirst(tables: string[], edges: { child: string; parent: string }[]): string[] {
  const inSet = new Set(tables);
  const pending = new Map(tables.map((table) => [table, 0]));
  for (const { child, parent } of edges) {
    if (inSet.has(child) && inSet.has(parent)) pending.set(parent, (pending.get(parent) ?? 0) + 1);
  }
  const result: string[] = [];
  const ready = tables.filter((table) => pending.get(table) === 0);
  while (ready.length > 0) {
    const table = ready.shift()!;
    result.push(table);
    for (const { child, parent } of edges) {
      if (child !== table || !inSet.has(parent)) continue;
      const left = pending.get(parent)! - 1;
      pending.set(parent, left);
      if (left === 0) ready.push(parent);
    }
  }
  if (result.length !== tables.length) throw new Error("foreign keys in a cycle: empty these tables by hand");
  return result;
}
