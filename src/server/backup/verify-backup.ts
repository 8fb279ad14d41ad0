import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { readFacts, restorePostgres } from "./database-dump";
import { countDifferences, type Manifest } from "./manifest";
import { BackupCheckError, fileProblems, openArchive } from "./read-archive";

/*
 * `npm run backup -- --verify` (docs/decisions/041): a backup counts once it
 * has been restored somewhere else and found whole. The archive goes into a
 * scratch folder (PGlite) or a scratch database on the same PostgreSQL server,
 * every file's hash and every table's count is compared with the manifest,
 * and the app itself must report ready on the restored database.
 */

/** Where the restored copy can be opened by the app: its data folder, or its PostgreSQL URL. */
export type ScratchDatabase = { kind: "pglite"; dir: string } | { kind: "postgres"; url: string };

export type VerifyOptions = {
  /** PostgreSQL backups: the server to make the scratch database on (the instance's own DATABASE_URL). */
  postgresUrl?: string;
  /** Opens the app on the restored copy and answers whether /readyz said ready. */
  readyOn: (database: ScratchDatabase) => Promise<boolean>;
};

export type Verified = { manifest: Manifest; files: number; tables: number };

function scratchUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withScratchPostgres<T>(serverUrl: string, use: (url: string) => Promise<T>): Promise<T> {
  const name = `balcao_verify_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
    try {
      return await use(scratchUrl(serverUrl, name));
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
    }
  } finally {
    await admin.end();
  }
}

async function countRestored(dump: string, manifest: Manifest, options: VerifyOptions, scratch: string) {
  if (manifest.database.kind === "pglite") {
    const dir = path.join(scratch, "pglite");
    const { PGlite } = await import("@electric-sql/pglite");
    const copy = new PGlite({ dataDir: dir, loadDataDir: new Blob([readFileSync(dump)]) });
    const facts = await readFacts((text) => copy.query(text)).finally(() => copy.close());
    return { tables: facts.tables, ready: await options.readyOn({ kind: "pglite", dir }) };
  }
  if (!options.postgresUrl)
    throw new BackupCheckError("A PostgreSQL backup is checked on a PostgreSQL server: set DATABASE_URL");
  return withScratchPostgres(options.postgresUrl, async (url) => {
    await restorePostgres(url, dump);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const facts = await readFacts((text) => client.query(text)).finally(() => client.end());
    return { tables: facts.tables, ready: await options.readyOn({ kind: "postgres", url }) };
  });
}

export async function verifyBackup(file: string, options: VerifyOptions): Promise<Verified> {
  const archive = await openArchive(file);
  const scratch = mkdtempSync(path.join(tmpdir(), "balcao-verify-"));
  try {
    const problems = await fileProblems(archive);
    const restored = await countRestored(archive.dump, archive.manifest, options, scratch);
    problems.push(...countDifferences(archive.manifest.database.tables, restored.tables));
    if (!restored.ready) problems.push("the app did not report ready (/readyz) on the restored database");
    if (problems.length) throw new BackupCheckError(`${file} did not verify:\n${problems.join("\n")}`);
    return {
      manifest: archive.manifest,
      files: archive.manifest.files.length,
      tables: Object.keys(restored.tables).length,
    };
  } finally {
    archive.close();
    rmSync(scratch, { recursive: true, force: true });
  }
}
