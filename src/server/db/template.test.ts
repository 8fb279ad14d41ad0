import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { copyTemplate, needsTemplate } from "./template";

let root: string;
let template: string;
let target: string;

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "balcao-template-"));
  template = path.join(root, "template");
  target = path.join(root, "data", "pglite");
  mkdirSync(path.join(template, "base", "5"), { recursive: true });
  mkdirSync(path.join(template, "pg_tblspc"));
  writeFileSync(path.join(template, "PG_VERSION"), "17\n", { mode: 0o600 });
  writeFileSync(path.join(template, "base", "5", "1259"), Buffer.alloc(8192, 7), { mode: 0o600 });
  mkdirSync(path.dirname(target));
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("the embedded database's template", () => {
  it("is needed only when the database folder does not exist and the build made a template", () => {
    expect(needsTemplate(target, template)).toBe(true);
    expect(needsTemplate(target, path.join(root, "no-template"))).toBe(false);
    mkdirSync(target);
    expect(needsTemplate(target, template)).toBe(false);
  });

  it("is copied whole, empty folders and file modes included, and nothing is left beside it", async () => {
    await copyTemplate(template, target);
    expect(readFileSync(path.join(target, "PG_VERSION"), "utf8")).toBe("17\n");
    expect(readFileSync(path.join(target, "base", "5", "1259"))).toEqual(Buffer.alloc(8192, 7));
    expect(readdirSync(path.join(target, "pg_tblspc"))).toEqual([]);
    expect(statSync(path.join(target, "PG_VERSION")).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.dirname(target))).toEqual(["pglite"]);
  });

  it("writes a large file's pages of zeros as holes, which read back as the same bytes", async () => {
    const segment = Buffer.alloc(128 * 8192 + 100); // a WAL segment is 2,048 pages
    segment.fill(1, 0, 8192);
    segment.fill(2, 3 * 8192 + 5, 3 * 8192 + 6);
    segment.fill(3, 128 * 8192 + 99);
    writeFileSync(path.join(template, "wal"), segment, { mode: 0o600 });
    writeFileSync(path.join(template, "empty"), "");
    await copyTemplate(template, target);
    expect(readFileSync(path.join(target, "wal")).equals(segment)).toBe(true);
    expect(statSync(path.join(target, "wal")).blocks * 512).toBeLessThan(segment.length / 2);
    expect(statSync(path.join(target, "empty")).size).toBe(0);
  });

  it("replaces what an interrupted copy left, and a failed copy leaves no database folder", async () => {
    mkdirSync(`${target}.copying`);
    writeFileSync(path.join(`${target}.copying`, "half"), "x");
    await copyTemplate(template, target);
    expect(readdirSync(target)).not.toContain("half");

    const elsewhere = path.join(root, "other", "pglite");
    mkdirSync(path.dirname(elsewhere));
    await expect(copyTemplate(path.join(root, "no-template"), elsewhere)).rejects.toThrow(/ENOENT/);
    expect(needsTemplate(elsewhere, template)).toBe(true);
  });
});
