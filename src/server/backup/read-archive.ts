import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as tar from "tar";
import { ARCHIVE, type Manifest, ManifestSchema, sha256File } from "./manifest";

/*
 * An archive opened for a restore or a check (docs/decisions/041): unpacked
 * into a private scratch folder, its manifest read, and every file's size and
 * SHA-256 compared with it before anything is put back.
 */

export type OpenedArchive = {
  dir: string;
  manifest: Manifest;
  /** The database dump's path inside `dir`. */
  dump: string;
  filePath(key: string): string;
  secretPath(name: string): string;
  close(): void;
};

export class BackupCheckError extends Error {}

export async function openArchive(file: string, scratchParent = tmpdir()): Promise<OpenedArchive> {
  if (!existsSync(file)) throw new BackupCheckError(`No backup at ${file}`);
  const dir = mkdtempSync(path.join(scratchParent, "balcao-restore-"));
  const close = () => rmSync(dir, { recursive: true, force: true });
  try {
    await tar.x({ file, cwd: dir, strict: true, preservePaths: false });
    const manifestFile = path.join(dir, ARCHIVE.manifest);
    if (!existsSync(manifestFile))
      throw new BackupCheckError(`${file} is not a Balcão backup: it has no manifest`);
    const parsed = ManifestSchema.safeParse(JSON.parse(readFileSync(manifestFile, "utf8")));
    if (!parsed.success) throw new BackupCheckError(`${file}: its manifest is not one this version reads`);
    const manifest = parsed.data;
    const dump = path.join(dir, manifest.database.kind === "pglite" ? ARCHIVE.pglite : ARCHIVE.postgres);
    if (!existsSync(dump)) throw new BackupCheckError(`${file} holds no database dump`);
    return {
      dir,
      manifest,
      dump,
      filePath: (key) => path.join(dir, ARCHIVE.filesDir, key),
      secretPath: (name) => path.join(dir, ARCHIVE.secretsDir, name),
      close,
    };
  } catch (err) {
    close();
    throw err;
  }
}

/** Every file of the manifest is in the archive with its size and hash; the problems found, as lines. */
export async function fileProblems(archive: OpenedArchive): Promise<string[]> {
  const problems: string[] = [];
  for (const entry of archive.manifest.files) {
    const file = archive.filePath(entry.key);
    if (!existsSync(file)) {
      problems.push(`file ${entry.key}: missing from the archive`);
      continue;
    }
    const found = await sha256File(file);
    if (found.sha256 !== entry.sha256 || found.bytes !== entry.bytes)
      problems.push(`file ${entry.key}: its bytes differ from the manifest's`);
  }
  return problems;
}
