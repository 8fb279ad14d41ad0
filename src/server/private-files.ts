import {
  chmodSync,
  closeSync,
  fchmodSync,
  fsyncSync,
  mkdirSync,
  openSync,
  statSync,
  writeSync,
} from "node:fs";
import path from "node:path";

/*
 * DATA_DIR and BACKUP_DIR hold password hashes, PIX keys and receipts: only the
 * user the server runs as may read them, whatever the umask says.
 */

/**
 * Makes `dir` (and any missing parent) a directory only its owner can enter
 * (0700). One that already exists and belongs to us is tightened to 0700 too,
 * since files written there before may be readable by anyone. Returns a note
 * for the log when it changed a mode, or when the directory is not ours and
 * stays open to others.
 */
export function ensurePrivateDir(dir: string): string | null {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const { mode, uid } = statSync(dir);
  if ((mode & 0o077) === 0) return null;
  const shown = path.resolve(dir);
  const octal = (mode & 0o777).toString(8);
  if (process.getuid && uid !== process.getuid()) {
    return `${shown} (mode ${octal}) belongs to another user and can be read by others; keep it private`;
  }
  chmodSync(dir, 0o700);
  return `${shown} was readable by other users (mode ${octal}); it is now 0700`;
}

/**
 * Writes `data` to `file`, readable by its owner only (0600) from the first
 * byte, also when a file of that name was already there with a wider mode.
 */
export function writePrivateFile(file: string, data: Uint8Array): void {
  const fd = openSync(file, "w", 0o600);
  try {
    fchmodSync(fd, 0o600);
    let offset = 0;
    while (offset < data.byteLength) offset += writeSync(fd, data, offset);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
