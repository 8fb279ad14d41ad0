import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * No service over 300 lines (ARCHITECTURE.md): a `*.service.ts` that grows past it holds several
 * operations, and is split by what they do into files of its module (sign-up and sign-in, the
 * planner's sharing and the client's approval), the rest of src keeping 400 (src/file-size.test.ts).
 */

const MAX_LINES = 300;
const server = path.resolve(import.meta.dirname);

function serviceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serviceFiles(full);
    return entry.name.endsWith(".service.ts") ? [full] : [];
  });
}

describe("service size", () => {
  it(`keeps every service of src/server at ${MAX_LINES} lines or fewer`, () => {
    const files = serviceFiles(server);
    expect(files.length).toBeGreaterThan(30);
    const over = files
      .map((file) => ({
        file: path.relative(server, file),
        lines: readFileSync(file, "utf8").split("\n").length - 1,
      }))
      .filter((f) => f.lines > MAX_LINES);
    expect(over).toEqual([]);
  });
});
