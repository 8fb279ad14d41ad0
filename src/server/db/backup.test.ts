import { chmodSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { backupFileName, writePgliteBackup } from "./backup";
import { type Database, openDatabase } from "./client";

const mode = (file: string) => statSync(file).mode & 0o777;

describe("writePgliteBackup", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({
      kind: "pglite",
      loadDataDir: new Blob([readFileSync(inject("pgliteDumpFile"))]),
    });
  });
  afterAll(() => database.close());

  it("writes the backup 0600 into a new 0700 directory", async () => {
    const backupDir = path.join(mkdtempSync(path.join(tmpdir(), "balcao-backup-")), "novo", "backups");
    const notes: string[] = [];
    const file = await writePgliteBackup(database.pglite!, backupDir, (note) => notes.push(note));
    expect(path.dirname(file)).toBe(path.resolve(backupDir));
    expect(mode(backupDir)).toBe(0o700);
    expect(mode(path.dirname(backupDir))).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    expect(readdirSync(backupDir)).toEqual([path.basename(file)]);
    expect(notes).toEqual([]);
  });

  it("tightens an existing directory others could read, and a leftover partial file", async () => {
    const backupDir = mkdtempSync(path.join(tmpdir(), "balcao-backup-"));
    chmodSync(backupDir, 0o755);
    // An older backup written before this fix, readable by anyone until the directory closes.
    writeFileSync(path.join(backupDir, "balcao-20250101-000000.tar.gz"), "antigo", { mode: 0o644 });
    const notes: string[] = [];
    const file = await writePgliteBackup(database.pglite!, backupDir, (note) => notes.push(note));
    expect(mode(backupDir)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    expect(notes).toEqual([`BACKUP_DIR ${backupDir} was readable by other users (mode 755); it is now 0700`]);

    // A crash left a world-readable .partial of the very name the next backup uses.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2026-11-23T12:00:00Z"));
      const partial = path.join(backupDir, `${backupFileName()}.partial`);
      writeFileSync(partial, "pela metade", { mode: 0o644 });
      chmodSync(partial, 0o644);
      const again = await writePgliteBackup(database.pglite!, backupDir);
      expect(path.basename(again)).toBe("balcao-20261123-120000.tar.gz");
      expect(mode(again)).toBe(0o600);
    } finally {
      vi.useRealTimers();
    }
  });
});
