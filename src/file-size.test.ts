import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * No production file over 400 lines (the house rule, ARCHITECTURE.md): a file that
 * grows past it is split by what its parts do, not kept under by hand. Tests and the `testing`
 * helpers are not production files; Biome keeps functions under 80 lines.
 */

const MAX_LINES = 400;
const src = path.resolve(import.meta.dirname);

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "testing" ? [] : productionFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("file size", () => {
  it(`keeps every production file of src at ${MAX_LINES} lines or fewer`, () => {
    const files = productionFiles(src);
    expect(files.length).toBeGreaterThan(100);
    const over = files
      .map((file) => ({
        file: path.relative(src, file),
        lines: readFileSync(file, "utf8").split("\n").length - 1,
      }))
      .filter((f) => f.lines > MAX_LINES);
    expect(over).toEqual([]);
  });
});
