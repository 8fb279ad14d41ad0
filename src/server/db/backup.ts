import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";

/** File name that sorts by time: balcao-20261122-023000.tar.gz */
export function backupFileName(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `balcao-${stamp}.tar.gz`;
}

/**
 * A consistent copy of the embedded database, taken inside the process that
 * owns it (PGlite checkpoints before it tars). Restorable with `npm run restore`.
 */
export async function writePgliteBackup(pglite: PGlite, backupDir: string): Promise<string> {
  mkdirSync(backupDir, { recursive: true });
  const file = path.resolve(backupDir, backupFileName());
  const dump = await pglite.dumpDataDir("gzip");
  const partial = `${file}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return file;
}
