/**
 * npm run restore -- <file.tar.gz>: replaces the embedded database in DATA_DIR
 * with a backup. The server must be stopped; the current database is kept
 * beside it (pglite.before-restore-…) rather than deleted.
 */
import { existsSync, readFileSync, renameSync } from "node:fs";
import path from "node:path";
import { ConfigError, loadConfig } from "../src/server/config";
import { DataDirLockedError, lockDataDir, pgliteDir } from "../src/server/data-dir";
import { backupFileName } from "../src/server/db/backup";
import { openDatabase } from "../src/server/db/client";

async function main() {
  const file = process.argv[2];
  if (!file || !existsSync(file)) throw new ConfigError("Usage: npm run restore -- <backup file .tar.gz>");
  const config = loadConfig();
  if (config.databaseUrl)
    throw new ConfigError("DATABASE_URL is set: restore PostgreSQL with pg_restore/psql");
  let release: () => Promise<void>;
  try {
    release = await lockDataDir(config.dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError)
      throw new ConfigError(`${err.message} (stop the server before restoring)`);
    throw err;
  }
  try {
    const target = pgliteDir(config.dataDir);
    if (existsSync(target)) {
      const aside = `${target}.before-restore-${backupFileName().slice(7, 22)}`;
      renameSync(target, aside);
      console.log(`Current database moved aside to ${aside}`);
    }
    const database = await openDatabase({
      kind: "pglite",
      dataDir: target,
      loadDataDir: new Blob([readFileSync(file)]),
    });
    const { rows } = await database.pglite!.query<{ n: number }>("select count(*)::int as n from users");
    await database.close();
    console.log(`Restored ${path.resolve(file)} into ${path.resolve(target)} (${rows[0]?.n ?? 0} users)`);
  } finally {
    await release();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
