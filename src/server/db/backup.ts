import { renameSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { ensurePrivateDir, writePrivateFile } from "../private-files";

/** File name that sorts by time: balcao-20261122-023000.tar.gz */
export function backupFileName(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `balcao-${stamp}.tar.gz`;
}

/**
 * A consistent copy of the embedded database, taken inside the process that
 * owns it (PGlite checkpoints before it tars). Restorable with `npm run restore`.
 * It holds password hashes and PIX keys: the file is 0600 in a 0700 directory
 * (`note` hears when an existing directory had to be tightened, or could not be).
 */
export async function writePgliteBackup(
  pglite: PGlite,
  backupDir: string,
  note: (message: string) => void = () => {},
): Promise<string> {
  const dirNote = ensurePrivateDir(backupDir);
  if (dirNote) note(`BACKUP_DIR ${dirNote}`);
  const file = path.resolve(backupDir, backupFileName());
  const dump = await pglite.dumpDataDir("gzip");
  const partial = `${file}.partial`;
  writePrivateFile(partial, new Uint8Array(await dump.arrayBuffer()));
  renameSync(partial, file);
  return file;
}
