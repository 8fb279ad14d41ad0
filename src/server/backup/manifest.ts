import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { z } from "zod";

/*
 * What a backup holds and how to check it (docs/decisions/041): the database's
 * row count per table as the dump has them, every stored file with its size
 * and SHA-256, and which generated secrets came along. `--verify` and
 * `restore` read it before they trust anything else in the archive.
 */

export const BACKUP_FORMAT = 1;

/** The archive's layout: one folder each, so a person can look inside with `tar -tzf`. */
export const ARCHIVE = {
  manifest: "manifest.json",
  pglite: "database/pglite.tar.gz",
  postgres: "database/postgres.dump",
  filesDir: "files",
  secretsDir: "secrets",
} as const;

/** The secrets the server generates into DATA_DIR when unset (data-dir.ts). */
export const SECRET_FILES = ["auth-secret", "webhook-secret"] as const;

export const ManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.string(),
  app: z.object({ version: z.string() }),
  database: z.object({
    kind: z.enum(["pglite", "postgres"]),
    /** Rows per table, counted in the very state the dump holds. */
    tables: z.record(z.string(), z.number().int().nonnegative()),
  }),
  storage: z.object({ kind: z.enum(["local", "s3"]) }),
  files: z.array(z.object({ key: z.string(), bytes: z.number().int().nonnegative(), sha256: z.string() })),
  /** Files the database names that the store no longer had when the backup was taken. */
  missingFiles: z.array(z.string()),
  secrets: z.array(z.enum(SECRET_FILES)),
});
export type Manifest = z.infer<typeof ManifestSchema>;

export async function sha256File(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest("hex"), bytes };
}

/** What differs between two tables' counts, as lines a person reads; none when they agree. */
export function countDifferences(
  expected: Readonly<Record<string, number>>,
  found: Readonly<Record<string, number>>,
): string[] {
  const tables = [...new Set([...Object.keys(expected), ...Object.keys(found)])].sort();
  return tables.flatMap((table) =>
    expected[table] === found[table]
      ? []
      : [
          `table ${table}: ${expected[table] ?? "absent"} rows in the manifest, ${found[table] ?? "absent"} restored`,
        ],
  );
}
