import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import { type Database, openDatabase } from "../db/client";
import { migrationsDir } from "../paths";
import { type DatabaseKind, scratchPostgres } from "./test-app";

/*
 * A database as an older release left it: the migrations up to a tag, applied by
 * the same migrator the server uses, so that the server's own start then runs
 * only the newer ones. Migration tests write the data of that time, start the
 * app on it and read it back through the API.
 */

/** An empty database of its own, PGlite in memory or a new PostgreSQL database. */
export async function emptyDatabase(
  kind: DatabaseKind,
): Promise<{ database: Database; drop(): Promise<void> }> {
  if (kind === "pglite") {
    const database = await openDatabase({ kind: "pglite" });
    return { database, drop: () => database.close() };
  }
  return scratchPostgres("balcao_migration");
}

/** Applies the migrations up to and including `lastTag` ('0012_user_row_deleted_notify'). */
export async function migrateUpTo(database: Database, lastTag: string): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "balcao-migrations-"));
  try {
    cpSync(migrationsDir, dir, { recursive: true });
    const journalFile = path.join(dir, "meta", "_journal.json");
    const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
    const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
    if (last < 0) throw new Error(`No migration ${lastTag}`);
    journal.entries = journal.entries.slice(0, last + 1);
    writeFileSync(journalFile, JSON.stringify(journal));
    if (database.pglite) await migratePglite(drizzlePglite(database.pglite), { migrationsFolder: dir });
    else {
      const pool = (database.db as unknown as { $client: pg.Pool }).$client;
      await migrateNodePg(drizzleNodePg(pool), { migrationsFolder: dir });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
