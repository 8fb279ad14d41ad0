/**
 * npm run restore -- <balcao-….tar.gz>: puts a backup back (docs/decisions/041):
 * the database (into DATA_DIR's embedded one, or DATABASE_URL's), every file
 * (into DATA_DIR/uploads or the S3 bucket) and the generated secrets. Stop the
 * server (every instance) first; what it replaces on disk is moved aside.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { BackupCheckError } from "../src/server/backup/read-archive";
import { restoreBackup } from "../src/server/backup/restore-backup";
import { ConfigError, loadConfig } from "../src/server/config";
import { DataDirLockedError, lockDataDir, pgliteDir } from "../src/server/data-dir";
import { ensurePrivateDir } from "../src/server/private-files";
import { configuredStorage } from "../src/server/storage/configured-storage";

async function main() {
  const file = process.argv[2];
  if (!file || !existsSync(file)) throw new ConfigError("Usage: npm run restore -- <backup file .tar.gz>");
  const config = loadConfig();
  ensurePrivateDir(config.dataDir);
  let release: () => Promise<void>;
  try {
    release = await lockDataDir(config.dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError)
      throw new ConfigError(`${err.message} (stop the server before restoring)`);
    throw err;
  }
  const storage = await configuredStorage(config);
  try {
    const manifest = await restoreBackup(path.resolve(file), {
      database: config.databaseUrl
        ? { kind: "postgres", url: config.databaseUrl }
        : { kind: "pglite", dir: pgliteDir(config.dataDir) },
      storage,
      dataDir: config.dataDir,
      note: (message) => console.log(message),
    });
    console.log(
      `Restored ${path.resolve(file)} (written ${manifest.createdAt} by version ${manifest.app.version}): ${manifest.database.tables.users ?? 0} people, ${manifest.database.tables.requests ?? 0} requests, ${manifest.files.length} files${manifest.secrets.length ? `, and ${manifest.secrets.join(" and ")}` : ""}. Start the server.`,
    );
  } finally {
    await storage.close();
    await release();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError || err instanceof BackupCheckError ? err.message : err);
  process.exit(1);
});
