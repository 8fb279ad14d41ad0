import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sourceMappedStack } from "./source-mapped-stack";

/*
 * A bundle built as scripts/build-server.mjs builds the server's (esbuild, minified whitespace and
 * syntax, the map beside it without the sources), run by a plain Node without --enable-source-maps:
 * the stack it prints is what the server's log would hold.
 */
const SOURCE = [
  'import { inner } from "./inner";',
  "export function outer(): never {",
  "  return inner();",
  "}",
  "outer();",
].join("\n");
const INNER = [
  "// a comment, so the throw is not on the first line",
  "export function inner(): never {",
  '  throw new Error("falhou de propósito");',
  "}",
].join("\n");

describe("a logged stack, pointed at the sources", () => {
  let dir: string;
  let stack: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "balcao-stack-"));
    writeFileSync(path.join(dir, "entry.ts"), SOURCE);
    writeFileSync(path.join(dir, "inner.ts"), INNER);
    await build({
      entryPoints: [path.join(dir, "entry.ts")],
      outfile: path.join(dir, "dist", "bundle.js"),
      bundle: true,
      platform: "node",
      format: "esm",
      sourcemap: true,
      sourcesContent: false,
      minifyWhitespace: true,
      minifySyntax: true,
      logLevel: "silent",
    });
    const script = `import(${JSON.stringify(path.join(dir, "dist", "bundle.js"))}).catch((e) => process.stdout.write(e.stack))`;
    stack = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("names the source file and line of each frame of the bundle, and leaves Node's own frames alone", () => {
    // The bundle's frames, as printed: one minified file.
    expect(stack).toContain("bundle.js:");
    expect(stack).not.toContain("inner.ts");

    const mapped = sourceMappedStack(stack);

    const lines = mapped.split("\n");
    expect(lines[0]).toBe("Error: falhou de propósito");
    expect(lines[1]).toContain(`${path.join(dir, "inner.ts")}:3:`);
    expect(lines[2]).toContain(`${path.join(dir, "entry.ts")}:3:`);
    expect(mapped).not.toContain("bundle.js:");
  });

  it("leaves a frame as it was when its file has no map, or is not there", () => {
    const frames = [
      "Error: x",
      "    at f (file:///nowhere/at/all/chunk.js:1:10)",
      "    at node:internal/modules/esm/module_job:271:25",
      "    at g (/also/not/there.js:4:2)",
    ].join("\n");
    expect(sourceMappedStack(frames)).toBe(frames);
  });
});
