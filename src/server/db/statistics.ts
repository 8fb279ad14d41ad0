import { sql } from "drizzle-orm";
import type { Executor } from "./client";

/*
 * The planner's statistics on the embedded database. PostgreSQL's autovacuum analyzes a table once
 * enough of it has changed; PGlite runs no autovacuum, so without this its planner never has any and
 * plans from default guesses: at 10,000 requests it read every request of the queue's kinds and
 * sorted them for a page of 30 (25 ms, against 8 ms analyzed; docs/bench.md). Its activity counters
 * start at zero in every process, but the statistics themselves are kept in the data directory.
 */

/**
 * The tables to analyze: those of more than 64 pages (512 KB) with no statistics yet, and those
 * autovacuum would pick (`autovacuum_analyze_threshold` 50 and `autovacuum_analyze_scale_factor` 0.1
 * of their rows changed since). A smaller table is read whole whatever the plan, and analyzing
 * the few rows of a new database's tables held its first answer back (the bench's cold start).
 */
const stale = sql`select c.relname as name
  from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  left join pg_stat_user_tables s on s.relid = c.oid
  where n.nspname = 'public' and c.relkind = 'r'
    and (not exists (select 1 from pg_statistic st where st.starelid = c.oid) and pg_relation_size(c.oid) > 64 * 8192
      or coalesce(s.n_mod_since_analyze, 0) > 50 + 0.1 * greatest(c.reltuples, 0))
  order by c.relname`;

/** Analyzes the tables whose statistics are missing or stale; their names. */
export async function analyzeStaleTables(db: Executor): Promise<string[]> {
  const tables = ((await db.execute(stale)).rows as { name: string }[]).map((row) => row.name);
  for (const table of tables) await db.execute(sql`analyze ${sql.identifier(table)}`);
  return tables;
}
