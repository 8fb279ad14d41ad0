import { readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/*
 * A logged error's stack, pointed at the sources (decision 070). The server runs without Node's
 * `--enable-source-maps`, which parsed every bundle's map at start and kept it: about 70 MB of an
 * idle server's 400. A map is read here only when a stack names its bundle, and forgotten a
 * minute after its last use, so an idle server holds none.
 */

/** "file:///…/app-X.js:1:2345" or "/…/app-X.js:1:2345", inside a frame's parentheses or after "at ". */
const FRAME = /((?:file:\/\/)?\/[^\s():]+\.m?js):(\d+):(\d+)/g;
const FORGET_AFTER_MS = 60_000;

type Loaded = { map: SourceMap | null; dir: string; usedAt: number };
const loaded = new Map<string, Loaded>();
let sweeper: NodeJS.Timeout | undefined;

function sourceMapOf(file: string): Loaded {
  let entry = loaded.get(file);
  if (!entry) {
    entry = { map: readMap(file), dir: path.dirname(file), usedAt: 0 };
    loaded.set(file, entry);
  }
  entry.usedAt = Date.now();
  sweeper ??= setInterval(forgetUnused, FORGET_AFTER_MS).unref();
  return entry;
}

function readMap(file: string): SourceMap | null {
  try {
    return new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8")));
  } catch {
    // No map beside it (a dependency, the operator's commands) or an unreadable one: left as it is.
    return null;
  }
}

function forgetUnused() {
  const now = Date.now();
  for (const [file, entry] of loaded) if (now - entry.usedAt >= FORGET_AFTER_MS) loaded.delete(file);
  if (loaded.size === 0 && sweeper) {
    clearInterval(sweeper);
    sweeper = undefined;
  }
}

/** Each frame of a bundle that has a map beside it, as the source file, line and column it came from. */
export function sourceMappedStack(stack: string): string {
  // Node has done it already when started with --enable-source-maps.
  if (process.sourceMapsEnabled) return stack;
  return stack.replace(FRAME, (frame, location: string, line: string, column: string) => {
    const file = location.startsWith("file://") ? fileURLToPath(location) : location;
    const { map, dir } = sourceMapOf(file);
    const origin = map?.findOrigin(Number(line), Number(column));
    if (!origin || !("fileName" in origin)) return frame;
    const source = origin.fileName.startsWith("file://")
      ? fileURLToPath(origin.fileName)
      : path.resolve(dir, origin.fileName);
    return `${source}:${origin.lineNumber}:${origin.columnNumber}`;
  });
}
