/**
 * npm run backup [-- --verify]: one archive in BACKUP_DIR with the database,
 * every stored file and the generated secrets (docs/decisions/041). With the
 * embedded database and the server running, the server writes it (SIGUSR2):
 * only that process may read its PGlite. `--verify` then restores the archive
 * into a scratch folder or database and checks it against its manifest.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { BackupCheckError } from "../src/server/backup/read-archive";
import { appReadyOn } from "../src/server/backup/ready-on";
import { verifyBackup } from "../src/server/backup/verify-backup";
import { writeBackup } from "../src/server/backup/write-backup";
import { type Config, ConfigError, loadConfig } from "../src/server/config";
import { DataDirLockedError, lockDataDir, pgliteDir, serverPidFile } from "../src/server/data-dir";
import { openDatabase } from "../src/server/db/client";
import { appVersion } from "../src/server/paths";
import { configuredStorage } from "../src/server/storage/configured-storage";

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function backUp(config: Config): Promise<string> {
  const storage = await configuredStorage(config);
  const common = { storage, dataDir: config.dataDir, backupDir: config.backupDir, appVersion: appVersion() };
  const note = (message: string) => console.warn(message);
  try {
    if (config.databaseUrl) {
      const written = await writeBackup({
        ...common,
        database: { kind: "postgres", url: config.databaseUrl },
        note,
      });
      console.log(
        `Backup written: ${written.file} (${mb(written.bytes)}, ${written.manifest.files.length} files)`,
      );
      return written.file;
    }
    if (!existsSync(pgliteDir(config.dataDir)))
      throw new ConfigError(`No embedded database in ${path.resolve(config.dataDir)}: nothing to back up`);
    let release: () => Promise<void>;
    try {
      release = await lockDataDir(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError) return askRunningServer(config.dataDir, config.backupDir);
      throw err;
    }
    try {
      const database = await openDatabase({ kind: "pglite", dataDir: pgliteDir(config.dataDir) });
      try {
        const written = await writeBackup({
          ...common,
          database: { kind: "pglite", pglite: database.pglite! },
          note,
        });
        console.log(
          `Backup written: ${written.file} (${mb(written.bytes)}, ${written.manifest.files.length} files)`,
        );
        return written.file;
      } finally {
        await database.close();
      }
    } finally {
      await release();
    }
  } finally {
    await storage.close();
  }
}

async function askRunningServer(dataDir: string, backupDir: string): Promise<string> {
  const pid = Number(readFileSync(serverPidFile(dataDir), "utf8"));
  const before = new Set(existsSync(backupDir) ? readdirSync(backupDir) : []);
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + 30 * 60_000;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    const created = (existsSync(backupDir) ? readdirSync(backupDir) : []).find(
      (name) => !before.has(name) && name.endsWith(".tar.gz"),
    );
    if (created) {
      const file = path.resolve(backupDir, created);
      console.log(`Backup written by the running server (pid ${pid}): ${file}`);
      return file;
    }
  }
  throw new Error(`The running server (pid ${pid}) wrote no backup within 30 minutes: see its log`);
}

async function main() {
  const config = loadConfig();
  const file = await backUp(config);
  if (!process.argv.includes("--verify")) return;
  const verified = await verifyBackup(file, {
    ...(config.databaseUrl ? { postgresUrl: config.databaseUrl } : {}),
    readyOn: (scratch) => appReadyOn(scratch, config),
  });
  console.log(
    `Verified: restored into a scratch ${verified.manifest.database.kind === "pglite" ? "folder" : "database"}, ${verified.tables} tables and ${verified.files} files as the manifest says, and the app was ready on it`,
  );
}

main().catch((err) => {
  console.error(err instanceof ConfigError || err instanceof BackupCheckError ? err.message : err);
  process.exit(1);
});
