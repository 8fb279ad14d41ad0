import {
  chmodSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { PGlite } from "@electric-sql/pglite";
import * as tar from "tar";
import { ensurePrivateDir, writePrivateFile } from "../private-files";
import { type Storage, StorageNotFoundError } from "../storage/storage";
import { type DumpFacts, dumpPglite, dumpPostgres, pgliteDumpFacts } from "./database-dump";
import { ARCHIVE, BACKUP_FORMAT, type Manifest, SECRET_FILES, sha256File } from "./manifest";

/*
 * One archive with everything a restore needs on a new machine
 * (docs/decisions/041): the database, every stored file the database names
 * (local disk or S3) and the secrets the server generated into DATA_DIR, with
 * a manifest to check them by. It holds password hashes, PIX keys and
 * receipts: the file is 0600 in a 0700 directory, and appears under its final
 * name only once complete.
 */

/** File name that sorts by time: balcao-20261122-023000.tar.gz */
export function backupFileName(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `balcao-${stamp}.tar.gz`;
}

/**
 * The archive's path, a second later while that name is taken: two backups within one second (a
 * scheduled one and `npm run backup`) would otherwise replace one another on rename, and
 * retention counts names that sort by time.
 */
function freeArchivePath(backupDir: string, now: Date): string {
  let at = now.getTime();
  while (existsSync(path.resolve(backupDir, backupFileName(new Date(at))))) at += 1000;
  return path.resolve(backupDir, backupFileName(new Date(at)));
}

export type BackupSources = {
  database: { kind: "pglite"; pglite: PGlite } | { kind: "postgres"; url: string };
  storage: Storage;
  dataDir: string;
  backupDir: string;
  appVersion: string;
  note?: (message: string) => void;
};

export type WrittenBackup = { file: string; bytes: number; manifest: Manifest };

async function dumpDatabase(sources: BackupSources, staging: string): Promise<DumpFacts> {
  mkdirSync(path.join(staging, "database"), { mode: 0o700 });
  if (sources.database.kind === "postgres")
    return dumpPostgres(sources.database.url, path.join(staging, ARCHIVE.postgres));
  const file = path.join(staging, ARCHIVE.pglite);
  await dumpPglite(sources.database.pglite, file);
  return pgliteDumpFacts(new Blob([readFileSync(file)]), path.join(staging, "facts-pglite"));
}

/** Copies each stored file into the staging folder; those the store no longer has are listed apart. */
async function copyFiles(storage: Storage, keys: readonly string[], staging: string) {
  const files: Manifest["files"] = [];
  const missing: string[] = [];
  for (const key of keys) {
    const target = path.join(staging, ARCHIVE.filesDir, key);
    mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    try {
      const object = await storage.get(key);
      await pipeline(object.body, createWriteStream(target, { mode: 0o600 }));
    } catch (err) {
      if (err instanceof StorageNotFoundError) {
        missing.push(key);
        continue;
      }
      throw err;
    }
    files.push({ key, ...(await sha256File(target)) });
  }
  return { files, missing };
}

function copySecrets(dataDir: string, staging: string): Manifest["secrets"] {
  const kept: Manifest["secrets"] = [];
  for (const name of SECRET_FILES) {
    const source = path.join(dataDir, name);
    if (!existsSync(source)) continue;
    mkdirSync(path.join(staging, ARCHIVE.secretsDir), { recursive: true, mode: 0o700 });
    writePrivateFile(path.join(staging, ARCHIVE.secretsDir, name), readFileSync(source));
    kept.push(name);
  }
  return kept;
}

export async function writeBackup(sources: BackupSources, now = new Date()): Promise<WrittenBackup> {
  const dirNote = ensurePrivateDir(sources.backupDir);
  if (dirNote) sources.note?.(`BACKUP_DIR ${dirNote}`);
  const staging = mkdtempSync(path.join(path.resolve(sources.backupDir), ".staging-"));
  try {
    const facts = await dumpDatabase(sources, staging);
    rmSync(path.join(staging, "facts-pglite"), { recursive: true, force: true });
    const { files, missing } = await copyFiles(sources.storage, facts.storageKeys, staging);
    if (missing.length)
      sources.note?.(
        `${missing.length} stored file(s) named by the database were missing: ${missing.join(", ")}`,
      );
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: now.toISOString(),
      app: { version: sources.appVersion },
      database: { kind: sources.database.kind, tables: facts.tables },
      storage: { kind: sources.storage.kind },
      files,
      missingFiles: missing,
      secrets: copySecrets(sources.dataDir, staging),
    };
    writePrivateFile(
      path.join(staging, ARCHIVE.manifest),
      new TextEncoder().encode(JSON.stringify(manifest, null, 2)),
    );
    const file = freeArchivePath(sources.backupDir, now);
    const partial = `${file}.partial`;
    rmSync(partial, { force: true });
    const entries = [
      ARCHIVE.manifest,
      "database",
      ...(files.length ? [ARCHIVE.filesDir] : []),
      ...(manifest.secrets.length ? [ARCHIVE.secretsDir] : []),
    ];
    await tar.c(
      {
        gzip: true,
        portable: true,
        cwd: staging,
        file: partial,
        mode: 0o600,
      } as tar.TarOptionsWithAliasesFile,
      entries,
    );
    chmodSync(partial, 0o600);
    renameSync(partial, file);
    return { file, bytes: (await sha256File(file)).bytes, manifest };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
