import { randomUUID } from "node:crypto";
import type { Dirent } from "node:fs";
import { type FileHandle, mkdir, open, readdir, rename, rm, rmdir, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { assertValidKey, type Storage, StorageNotFoundError } from "./storage";

const errorCode = (err: unknown) => (err as NodeJS.ErrnoException | null)?.code;

/*
 * While one write is at the disk, the next chunks of an upload wait here: at
 * Node's default of 16 KB every 64 KB chunk from the socket held the connection
 * back until the write before it was done, so receiving and writing took turns
 * instead of overlapping (the upload budget, docs/bench.md). What waits is written in one go.
 */
const WRITE_BUFFER_BYTES = 1024 * 1024;

/** Files under `root` (the server passes DATA_DIR/uploads), one per key. */
export function createLocalStorage(root: string): Storage {
  const base = path.resolve(root);

  const pathFor = (key: string) => {
    assertValidKey(key);
    return path.join(base, ...key.split("/"));
  };

  const openExisting = async (key: string): Promise<FileHandle> => {
    try {
      return await open(pathFor(key), "r");
    } catch (err) {
      if (errorCode(err) === "ENOENT") throw new StorageNotFoundError(key);
      throw err;
    }
  };

  return {
    kind: "local",

    async put(key, body) {
      const file = pathFor(key);
      const { temp, handle } = await openTemp(path.dirname(file), path.basename(file));
      try {
        // flush: fsync before close, so a crash after the rename cannot leave an empty file under the key.
        const out = handle.createWriteStream({ flush: true, highWaterMark: WRITE_BUFFER_BYTES });
        await pipeline(body, out);
        // Same directory, so the rename is atomic: readers see the whole file or none.
        await rename(temp, file);
        return { bytes: out.bytesWritten };
      } catch (err) {
        await handle.close().catch(() => {});
        await rm(temp, { force: true });
        throw err;
      }
    },

    async get(key) {
      const handle = await openExisting(key);
      try {
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), bytes: size };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    async readRange(key, start, end) {
      if (!(Number.isSafeInteger(start) && Number.isSafeInteger(end) && 0 <= start && start <= end)) {
        throw new RangeError(`Invalid range [${start}, ${end})`);
      }
      const handle = await openExisting(key);
      try {
        const buffer = Buffer.alloc(end - start);
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },

    async delete(key) {
      const file = pathFor(key);
      await rm(file, { force: true });
      await pruneEmptyParents(base, path.dirname(file));
    },

    async exists(key) {
      try {
        return (await stat(pathFor(key))).isFile();
      } catch (err) {
        if (errorCode(err) === "ENOENT") return false;
        throw err;
      }
    },

    async close() {},

    async sweepIncomplete(olderThanMs) {
      let entries: Dirent[];
      try {
        entries = await readdir(base, { recursive: true, withFileTypes: true });
      } catch (err) {
        if (errorCode(err) === "ENOENT") return 0;
        throw err;
      }
      const cutoff = Date.now() - olderThanMs;
      let removed = 0;
      for (const entry of entries) {
        if (!entry.isFile() || !TEMP_NAME.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const stats = await stat(file).catch(() => null);
        if (!stats || stats.mtimeMs >= cutoff) continue;
        await rm(file, { force: true });
        await pruneEmptyParents(base, entry.parentPath);
        removed++;
      }
      return removed;
    },
  };
}

/** What openTemp names a file being written: `.<name>.<uuid>.tmp`. */
const TEMP_NAME = /^\..+\.[0-9a-f-]{36}\.tmp$/;

/*
 * The temporary name starts with "." and keys never do (see assertValidKey), so
 * it cannot collide with a stored file. A concurrent delete may prune the
 * directory between mkdir and open: then make it again.
 */
async function openTemp(dir: string, name: string): Promise<{ temp: string; handle: FileHandle }> {
  for (let attempt = 1; ; attempt++) {
    await mkdir(dir, { recursive: true });
    const temp = path.join(dir, `.${name}.${randomUUID()}.tmp`);
    try {
      return { temp, handle: await open(temp, "wx", 0o600) };
    } catch (err) {
      if (errorCode(err) !== "ENOENT" || attempt === 3) throw err;
    }
  }
}

/* Keys nest one directory per upload (…/<uuid>/<name>); without this, every deleted upload leaves one behind. */
async function pruneEmptyParents(base: string, dir: string): Promise<void> {
  while (dir !== base && dir.startsWith(base + path.sep)) {
    try {
      await rmdir(dir);
    } catch {
      // Not empty (the usual stop), already gone, or not ours to remove: tidying only, the file is gone.
      return;
    }
    dir = path.dirname(dir);
  }
}
