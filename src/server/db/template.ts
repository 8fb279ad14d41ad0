import { existsSync, renameSync, rmSync } from "node:fs";
import { Worker } from "node:worker_threads";

/** A new embedded database (no folder yet) starts from the template when the build made one. */
export function needsTemplate(databaseDir: string, templateDir: string): boolean {
  return !existsSync(databaseDir) && existsSync(templateDir);
}

/**
 * Copies the migrated, empty template (docs/decisions/006) to `databaseDir`: beside it first,
 * then renamed into place, so a start interrupted half-way leaves no half database. The copy
 * (about 530 files) runs on a worker thread while the app's modules load on the main one
 * (decision 024): on the main thread it took 0.3–0.9 s of a first start.
 */
export async function copyTemplate(templateDir: string, databaseDir: string): Promise<void> {
  const staging = `${databaseDir}.copying`;
  rmSync(staging, { recursive: true, force: true });
  const copying = new Worker(COPY_FOLDER, { eval: true, workerData: { from: templateDir, to: staging } });
  await new Promise<void>((resolve, reject) => {
    copying.once("error", reject);
    copying.once("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`copying the database template stopped with code ${code}`)),
    );
  });
  renameSync(staging, databaseDir);
}

// Node's own modules only, so the same text runs from the sources (tsx, tests) and from the bundle.
// In a large file (the WAL segment: 16 MB, of which the build leaves about 100 KB written) a page
// of zeros is left as a hole, which reads back as zeros; PostgreSQL itself leaves such holes in new
// WAL segments with wal_init_zero=off. Writing those zeros cost this disk up to half a second.
// Smaller files go through copyFileSync, which copies in the kernel.
const COPY_FOLDER = `
const fs = require("node:fs");
const path = require("node:path");
const { workerData } = require("node:worker_threads");
const PAGE = 8192;
const ZEROS = Buffer.alloc(PAGE);
const SPARSE_FROM = 1 << 20;
const CHUNK = Buffer.allocUnsafe(1 << 20);

function copyFolder(from, to) {
  fs.mkdirSync(to);
  fs.chmodSync(to, fs.statSync(from).mode);
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyFolder(source, target);
    else copyFile(source, target);
  }
}

/** pwrite may write less than asked (a full disk): what it left is written again, or it throws. */
function writeAll(file, buffer, start, length, position) {
  for (let done = 0; done < length; ) {
    const written = fs.writeSync(file, buffer, start + done, length - done, position + done);
    if (written === 0) throw new Error("copying the database template: nothing could be written");
    done += written;
  }
}

function copyFile(source, target) {
  const { size, mode } = fs.statSync(source);
  if (size < SPARSE_FROM) return fs.copyFileSync(source, target, fs.constants.COPYFILE_EXCL);
  // A chunk at a time: a whole segment read at once stayed in the process's memory (+30 MB idle).
  const input = fs.openSync(source, "r");
  const output = fs.openSync(target, "wx");
  try {
    for (let offset = 0; offset < size; ) {
      const read = fs.readSync(input, CHUNK, 0, CHUNK.length, offset);
      if (read === 0) break;
      let pending = -1; // where this chunk's pages not yet written begin, or -1
      for (let at = 0; at < read; at += PAGE) {
        const end = Math.min(at + PAGE, read);
        const zeros = CHUNK.subarray(at, end).equals(ZEROS.subarray(0, end - at));
        if (!zeros && pending < 0) pending = at;
        if (zeros && pending >= 0) {
          writeAll(output, CHUNK, pending, at - pending, offset + pending);
          pending = -1;
        }
      }
      if (pending >= 0) writeAll(output, CHUNK, pending, read - pending, offset + pending);
      offset += read;
    }
    fs.ftruncateSync(output, size);
    fs.fchmodSync(output, mode);
  } finally {
    fs.closeSync(input);
    fs.closeSync(output);
  }
}

copyFolder(workerData.from, workerData.to);
`;
