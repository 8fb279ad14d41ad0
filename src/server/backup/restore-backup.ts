import { createReadStream, existsSync, readFileSync, renameSync } from "node:fs";
import path from "node:path";
import { writePrivateFile } from "../private-files";
import type { Storage } from "../storage/storage";
import { readFacts, restorePostgres } from "./database-dump";
import { countDifferences, type Manifest } from "./manifest";
import { BackupCheckError, fileProblems, type OpenedArchive, openArchive } from "./read-archive";
import { backupFileName } from "./write-backup";

/*
 * `npm run restore` (docs/decisions/041): checks the archive first, then puts
 * back the database, every file and the generated secrets, so a new machine
 * has the same requests, the same receipts, the same sessions and the same
 * webhook signatures. What it replaces on disk is moved aside, not deleted.
 */

export type RestoreTarget = {
  database: { kind: "pglite"; dir: string } | { kind: "postgres"; url: string };
  storage: Storage;
  dataDir: string;
  note: (message: string) => void;
};

const aside = (file: string) => `${file}.before-restore-${backupFileName().slice(7, 22)}`;

async function restoreDatabase(
  archive: OpenedArchive,
  target: RestoreTarget,
): Promise<Record<string, number>> {
  const { kind } = archive.manifest.database;
  if (kind !== target.database.kind)
    throw new BackupCheckError(
      kind === "pglite"
        ? "This backup is of the embedded database (PGlite): restore it with DATABASE_URL unset"
        : "This backup is of PostgreSQL: restore it with DATABASE_URL set to the database to fill",
    );
  if (target.database.kind === "postgres") {
    await restorePostgres(target.database.url, archive.dump);
    const pg = (await import("pg")).default;
    const client = new pg.Client({ connectionString: target.database.url });
    await client.connect();
    try {
      return (await readFacts((text) => client.query(text))).tables;
    } finally {
      await client.end();
    }
  }
  const dir = target.database.dir;
  if (existsSync(dir)) {
    renameSync(dir, aside(dir));
    target.note(`The database that was there is kept at ${aside(dir)}`);
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const restored = new PGlite({ dataDir: dir, loadDataDir: new Blob([readFileSync(archive.dump)]) });
  try {
    return (await readFacts((text) => restored.query(text))).tables;
  } finally {
    await restored.close();
  }
}

async function restoreFiles(archive: OpenedArchive, storage: Storage) {
  for (const entry of archive.manifest.files) {
    await storage.put(entry.key, createReadStream(archive.filePath(entry.key)), {
      contentType: "application/octet-stream",
    });
  }
}

function restoreSecrets(archive: OpenedArchive, target: RestoreTarget) {
  for (const name of archive.manifest.secrets) {
    const file = path.join(target.dataDir, name);
    const wanted = readFileSync(archive.secretPath(name));
    if (existsSync(file) && !readFileSync(file).equals(wanted)) {
      renameSync(file, aside(file));
      target.note(`The ${name} that was there is kept at ${aside(file)}`);
    }
    writePrivateFile(file, wanted);
  }
}

export async function restoreBackup(file: string, target: RestoreTarget): Promise<Manifest> {
  const archive = await openArchive(file);
  try {
    const problems = await fileProblems(archive);
    if (problems.length)
      throw new BackupCheckError(`The backup is damaged; nothing was restored:\n${problems.join("\n")}`);
    const tables = await restoreDatabase(archive, target);
    const differences = countDifferences(archive.manifest.database.tables, tables);
    if (differences.length)
      throw new BackupCheckError(
        `The restored database differs from the backup's manifest:\n${differences.join("\n")}`,
      );
    await restoreFiles(archive, target.storage);
    restoreSecrets(archive, target);
    return archive.manifest;
  } finally {
    archive.close();
  }
}
