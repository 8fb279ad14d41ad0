import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * Routes do HTTP only (ARCHITECTURE.md): a `*.routes.ts` file declares its contract and calls its
 * service; the SQL lives in `*.queries.ts` and the rules in the service. So no route file imports
 * Drizzle, the schema, or a queries file.
 */

const server = path.resolve(import.meta.dirname);
const FORBIDDEN = [/from "drizzle-orm"/, /\/db\/schema["/]/, /\.queries"/];

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "testing" ? [] : routeFiles(full);
    return entry.name.endsWith(".routes.ts") ? [full] : [];
  });
}

describe("routes do HTTP only", () => {
  it("no route file imports Drizzle, the schema or a queries file", () => {
    const files = routeFiles(server);
    expect(files.length).toBeGreaterThan(30);
    const offending = files.flatMap((file) => {
      const code = readFileSync(file, "utf8");
      return FORBIDDEN.filter((pattern) => pattern.test(code)).map(
        (pattern) => `${path.relative(server, file)} ${pattern}`,
      );
    });
    expect(offending).toEqual([]);
  });
});
