/**
 * npm run backup: a restorable copy of the embedded (PGlite) database in BACKUP_DIR.
 * With the server running it asks the server (SIGUSR2), the only process that may
 * read the database; with the server stopped it opens the database itself.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ConfigError, loadConfig } from "../src/server/config";
import { DataDirLockedError, lockDataDir, pgliteDir, serverPidFile } from "../src/server/data-dir";
import { writePgliteBackup } from "../src/server/db/backup";
import { openDatabase } from "../src/server/db/client";

async function main() {
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new ConfigError("DATABASE_URL is set: back PostgreSQL up with pg_dump (see the README)");
  }
  if (!existsSync(pgliteDir(config.dataDir))) {
    throw new ConfigError(`No embedded database in ${path.resolve(config.dataDir)}: nothing to back up`);
  }
  try {
    const release = await lockDataDir(config.dataDir);
    try {
      const database = await openDatabase({ kind: "pglite", dataDir: pgliteDir(config.dataDir) });
      const file = await writePgliteBackup(database.pglite!, config.backupDir, (message) =>
        console.warn(message),
      );
      await database.close();
      console.log(`Backup written: ${file}`);
    } finally {
      await release();
    }
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    await askRunningServer(config.dataDir, config.backupDir);
  }
}

async function askRunningServer(dataDir: string, backupDir: string) {
  const pid = Number(readFileSync(serverPidFile(dataDir), "utf8"));
  const before = new Set(existsSync(backupDir) ? readdirSync(backupDir) : []);
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    const created = (existsSync(backupDir) ? readdirSync(backupDir) : []).find(
      (name) => !before.has(name) && name.endsWith(".tar.gz"),
    );
    if (created) {
      console.log(`Backup written by the running server (pid ${pid}): ${path.resolve(backupDir, created)}`);
      return;
    }
  }
  throw new Error(`The running server (pid ${pid}) wrote no backup within 2 minutes: see its log`);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
