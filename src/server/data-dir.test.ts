import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, loadOrCreateAuthSecret, lockDataDir } from "./data-dir";

describe("DATA_DIR", () => {
  it("admits one server at a time, with a clear message for the second", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "balcao-lock-"));
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    await expect(lockDataDir(dir)).rejects.toThrow(/is in use by another Balcão process/);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });

  it("generates AUTH_SECRET once, keeps it private and reuses it", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "balcao-secret-"));
    const first = loadOrCreateAuthSecret(dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadOrCreateAuthSecret(dir)).toBe(first);
    const file = path.join(dir, "auth-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });
});
