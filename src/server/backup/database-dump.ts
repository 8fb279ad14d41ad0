import { execFile } from "node:child_process";

import { promisify } from "node:util";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { writePrivateFile } from "../private-files";

const run = promisify(execFile);

/*
 * The database part of a backup (docs/decisions/041). PGlite is dumped by the
 * process that owns it; PostgreSQL by pg_dump (the PostgreSQL client, same
 * major version as the server or newer), inside a snapshot the row counts and
 * the list of stored files are read from too, so the manifest describes
 * exactly what the dump holds while the instances go on writing.
 */

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** What the dump holds besides its bytes: rows per table, and the stored files it names. */
export type DumpFacts = { tables: Record<string, number>; storageKeys: string[] };

/** Rows per table of the public schema (the app's), and the keys of every stored file. */
export async function readFacts(query: Query): Promise<DumpFacts> {
  const listed = await query(
    "select tablename from pg_tables where schemaname = 'public' order by tablename",
  );
  const names = listed.rows.map((row) => String(row.tablename));
  const tables: Record<string, number> = {};
  if (names.length) {
    const counted = await query(
      names
        .map(
          (name) =>
            `select '${name.replaceAll("'", "''")}' as t, count(*)::int as n from "${name.replaceAll('"', '""')}"`,
        )
        .join(" union all "),
    );
    for (const row of counted.rows) tables[String(row.t)] = Number(row.n);
  }
  const keys = names.includes("anexos")
    ? (await query("select storage_key from anexos order by storage_key")).rows.map((r) =>
        String(r.storage_key),
      )
    : [];
  return { tables, storageKeys: keys };
}

/** A PostgreSQL URL without its password, and the password apart: pg_dump's arguments show in `ps`. */
export function clientConnection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { url: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Runs a PostgreSQL client program, turning "not installed" into a sentence that says what to install. */
export async function postgresClient(
  program: "pg_dump" | "pg_restore",
  args: string[],
  env: NodeJS.ProcessEnv,
) {
  try {
    return await run(program, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT")
      throw new Error(
        `${program} was not found: install the PostgreSQL client (Debian: apt-get install postgresql-client) of the server's major version or newer`,
      );
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw new Error(`${program} failed${stderr ? `: ${stderr}` : ""}`);
  }
}

/** pg_dump's custom format, taken in the snapshot the facts are read in. */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<DumpFacts> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const snapshot = (await client.query("select pg_export_snapshot() as s")).rows[0].s as string;
    const facts = await readFacts((text) => client.query(text));
    const connection = clientConnection(databaseUrl);
    await postgresClient(
      "pg_dump",
      [
        "--format=custom",
        "--no-owner",
        "--no-privileges",
        `--snapshot=${snapshot}`,
        `--file=${file}`,
        connection.url,
      ],
      connection.env,
    );
    await client.query("commit");
    return facts;
  } finally {
    await client.end();
  }
}

/** Replaces what the dump holds in `databaseUrl`, all or nothing. The instances must be stopped. */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  const connection = clientConnection(databaseUrl);
  await postgresClient(
    "pg_restore",
    [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--no-privileges",
      "--single-transaction",
      `--dbname=${connection.url}`,
      file,
    ],
    connection.env,
  );
}

/** PGlite's own dump (a gzipped copy of its data directory), written 0600. */
export async function dumpPglite(pglite: PGlite, file: string): Promise<void> {
  const dump = await pglite.dumpDataDir("gzip");
  writePrivateFile(file, new Uint8Array(await dump.arrayBuffer()));
}

/** Reads the facts of a PGlite dump by opening a copy of it in `scratchDir`, so they are the dump's own. */
export async function pgliteDumpFacts(dump: Blob, scratchDir: string): Promise<DumpFacts> {
  const { PGlite } = await import("@electric-sql/pglite");
  const copy = new PGlite({ dataDir: scratchDir, loadDataDir: dump });
  try {
    return await readFacts((text) => copy.query(text));
  } finally {
    await copy.close();
  }
}
