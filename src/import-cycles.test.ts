import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/*
 * No import cycles (docs/decisions/035): none between two files anywhere in src
 * (domain, server and web), and none between two of the server's modules (the
 * folders of src/server/modules), so each module can be read with only what is
 * below it.
 * A module that needs one above it is given a function (finance is given the
 * review desk's move, the late reminders the queue, the requests service the
 * desk's reads). The graph is built from the import statements of the
 * production files (not the tests, not the `testing` helpers), type imports
 * included: a cycle of types is still two modules to read at once.
 */

const root = path.resolve(import.meta.dirname, "..");
const server = path.join(root, "src", "server");

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "testing" ? [] : productionFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** `import … from "x"`, `export … from "x"`, `import "x"` and `import("x")`. */
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g;

/** The file an import names, when it is one of `files`: relative paths and the `@/` alias, with or without extension. */
function resolve(from: string, specifier: string, files: ReadonlySet<string>): string | null {
  let base: string;
  if (specifier.startsWith("@/")) base = path.join(root, "src", specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")];
  return candidates.find((c) => files.has(c)) ?? null;
}

/** Every production file of src and the files of src it imports. */
function importGraph(): Map<string, Set<string>> {
  const files = new Set(productionFiles(path.join(root, "src")));
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const code = readFileSync(file, "utf8");
    const targets = [...code.matchAll(IMPORT)]
      .map((m) => resolve(file, m[1]!, files))
      .filter((t): t is string => t !== null && t !== file);
    graph.set(file, new Set(targets));
  }
  return graph;
}

/** The strongly connected groups of more than one node (Tarjan): each holds at least one cycle. */
function cycles<T>(graph: ReadonlyMap<T, ReadonlySet<T>>): T[][] {
  let next = 0;
  const index = new Map<T, number>();
  const low = new Map<T, number>();
  const stack: T[] = [];
  const onStack = new Set<T>();
  const found: T[][] = [];
  const visit = (node: T) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: T[] = [];
    let member: T;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** `modules/<name>` for a file of a server module, or null. */
function moduleOf(file: string): string | null {
  const [top, name] = path.relative(server, file).split(path.sep);
  return top === "modules" && name && !name.includes(".") ? `modules/${name}` : null;
}

/** The modules each module imports, with one import that shows it. */
function moduleGraph(files: ReadonlyMap<string, ReadonlySet<string>>) {
  const graph = new Map<string, Set<string>>();
  const because = new Map<string, string>();
  for (const [file, targets] of files) {
    const from = moduleOf(file);
    if (!from) continue;
    for (const target of targets) {
      const to = moduleOf(target);
      if (!to || to === from) continue;
      graph.set(from, (graph.get(from) ?? new Set()).add(to));
      because.set(`${from} → ${to}`, `${path.relative(root, file)} imports ${path.relative(root, target)}`);
    }
  }
  return { graph, because };
}

const files = importGraph();
const relative = (group: string[]) => group.map((f) => path.relative(root, f));

describe("import cycles in src (docs/decisions/035)", () => {
  it("reads the server's imports: relative, aliased, typed and dynamic", () => {
    const app = path.join(server, "app.ts");
    // buildApp, its shared services (app-context.ts) and the module list (app-modules.ts) import the modules.
    const imported = relative(
      ["app.ts", "app-context.ts", "app-modules.ts"].flatMap((file) => [
        ...files.get(path.join(server, file))!,
      ]),
    );
    expect(imported).toContain("src/server/modules/review/review.service.ts");
    expect(imported).toContain("src/server/modules/requests/index.ts");
    // A dynamic import: the LLM client is loaded only when configured.
    const plans = relative([...files.get(path.join(server, "modules", "planning", "plans.ts"))!]);
    expect(plans).toContain("src/server/modules/planning/llm/llm-client.ts");
    expect(existsSync(app)).toBe(true);
  });

  it("no file imports itself through others", () => {
    expect(cycles(files).map(relative)).toEqual([]);
  });

  it("no module imports itself through others", () => {
    const { graph, because } = moduleGraph(files);
    expect(graph.get("modules/review")).toContain("modules/requests");
    const found = cycles(graph).map((group) =>
      group.flatMap((from) =>
        group.filter((to) => graph.get(from)?.has(to)).map((to) => because.get(`${from} → ${to}`)),
      ),
    );
    expect(found).toEqual([]);
  });

  it("finds a cycle when there is one", () => {
    const a = new Map([
      ["a", new Set(["b"])],
      ["b", new Set(["c"])],
      ["c", new Set(["a"])],
      ["d", new Set(["a"])],
    ]);
    expect(cycles(a)).toEqual([["a", "b", "c"]]);
    expect(cycles(new Map([["a", new Set(["b"])]]))).toEqual([]);
  });
});
