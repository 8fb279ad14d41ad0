import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { testDatabaseKinds } from "../testing/test-app";
import { type Database, type DatabaseOptions, startDatabase } from "./client";

/** An empty database of the kind: PGlite in memory, or a new PostgreSQL database beside the template. */
async function emptyDatabase(
  kind: "pglite" | "postgres",
): Promise<{ options: DatabaseOptions; drop(): Promise<void> }> {
  if (kind === "pglite") return { options: { kind: "pglite" }, drop: async () => {} };
  const template = inject("postgresTemplate")!;
  const name = `balcao_start_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(template.url);
  url.pathname = `/${name}`;
  return {
    options: { kind: "postgres", url: url.toString(), poolSize: 2 },
    async drop() {
      const client = new pg.Client({ connectionString: template.url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

const countUsers = async (database: Database) => {
  const result = await database.db.execute(sql`select count(*)::int as n from "users"`);
  return (result.rows[0] as { n: number }).n;
};

describe.each(testDatabaseKinds())("startDatabase (%s)", (kind) => {
  it("holds the queries made before the migrations have run until they have", async () => {
    const empty = await emptyDatabase(kind);
    const { database, opened, migrated } = await startDatabase(empty.options);
    try {
      let migrationsDone = false;
      void migrated.then(() => {
        migrationsDone = true;
      });
      // Asked at once, on a database without a single table yet.
      const users = countUsers(database);
      const inTransaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from "sessions" limit 1`);
        return migrationsDone;
      });
      expect(await users).toBe(0);
      expect(await inTransaction).toBe(true);
      await opened;
      await migrated;
      expect(await countUsers(database)).toBe(0);
    } finally {
      await migrated.catch(() => {});
      await database.close();
      await empty.drop();
    }
  }, 60_000);
});

describe("startDatabase when the migrations cannot run", () => {
  it("fails the held queries with the migrations' error instead of keeping them waiting", async () => {
    // Nothing listens on port 1: connecting is refused at once.
    const { database, migrated } = await startDatabase({
      kind: "postgres",
      url: "postgres://postgres@127.0.0.1:1/x",
    });
    const held = countUsers(database);
    await expect(migrated).rejects.toThrow(/ECONNREFUSED/);
    // Drizzle names the query and keeps the driver's error as its cause.
    const error = await held.then(
      () => null,
      (err: Error) => err,
    );
    expect(String(error?.cause ?? error)).toMatch(/ECONNREFUSED/);
    await database.close();
  });
});
