import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Rolldown } from "vite";

type Ctx = Rolldown.ChunkingContext;

/**
 * The first pages' chunks, by what needs them (decision 021). Left alone, the bundler makes a
 * chunk of every set of modules the same pages share (a label, an icon, a hook): / came in 23
 * files. Over HTTP/1.1 the browser opens six connections to a host and, on a phone's network,
 * each response waits about 0.6 s, so those files took four round trips and a kilobyte of
 * headers each. Here every module the main script does not load and that /login (its layout
 * and page) imports, directly or not, goes in one chunk, those of / in another, and those
 * both import in a third. Each chunk's imports are then the main script's chunks or the
 * shared one: a page reached later that needs one of these modules loads that chunk.
 */
export function firstPagesChunks(options: {
  webRoot: string;
  /** The first pages' route modules by address (first-pages.ts FIRST_PAGES). */
  pages: Record<string, string[]>;
}): Rolldown.CodeSplittingNameFunction {
  const { webRoot, pages } = options;
  const barrels = new Map<string, Map<string, string>>();
  const reachFrom = (ctx: Ctx, roots: string[]) =>
    reach(
      ctx,
      roots.map((root) => path.join(webRoot, root)),
      barrels,
    );
  let sets: { main: Set<string>; login: Set<string>; home: Set<string> } | null = null;
  return (id, ctx) => {
    sets ??= {
      main: reachFrom(ctx, ["main.tsx"]),
      login: reachFrom(ctx, pages["/login"] ?? []),
      home: reachFrom(ctx, pages["/"] ?? []),
    };
    // The main script's modules, and those both first pages need, in one chunk with the bundler's runtime.
    if (sets.main.has(id) || id.includes("rolldown/runtime")) return "app";
    const login = sets.login.has(id);
    const home = sets.home.has(id);
    if (login && home) return "app";
    if (login) return "login";
    if (home) return "home";
    return null;
  };
}

/**
 * The modules `roots` import, directly or not. Through a package's index only the modules of
 * the names imported are followed, since the bundler drops the rest: following the index would
 * count every icon as used.
 */
function reach(ctx: Ctx, roots: string[], barrels: Map<string, Map<string, string>>) {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const next of ctx.getModuleInfo(id)?.importedIds ?? []) {
      if (!isBarrel(ctx, next)) visit(next);
      else if (!id.includes("/node_modules/")) {
        const exported = barrels.get(next) ?? barrelExports(ctx, next);
        barrels.set(next, exported);
        for (const name of namesImported(id, next)) {
          const target = exported.get(name);
          if (target) visit(target);
        }
      }
    }
  };
  for (const root of roots) visit(root);
  return seen;
}

/** A package's index that re-exports its modules (lucide-react's icons, radix-ui, TanStack Query). */
const isBarrel = (ctx: Ctx, id: string) =>
  id.includes("/node_modules/") && (ctx.getModuleInfo(id)?.importedIds.length ?? 0) > 20;

/** Exported name → the module it comes from, read from the barrel's text. */
function barrelExports(ctx: Ctx, barrel: string) {
  const imported = ctx.getModuleInfo(barrel)?.importedIds ?? [];
  const resolve = (spec: string) =>
    spec.startsWith(".")
      ? imported.find((i) => i === path.resolve(path.dirname(barrel), spec))
      : imported.find((i) => i.includes(`/node_modules/${spec}/`));
  const text = readFileSync(barrel, "utf8");
  const local = new Map<string, string>();
  const names = new Map<string, string>();
  const bindings = (list: string) => list.split(",").map((b) => b.trim().split(/\s+as\s+/));
  for (const [, name, spec] of text.matchAll(/import\s*\*\s*as\s+(\w+)\s+from\s*["']([^"']+)["']/g)) {
    const target = resolve(spec!);
    if (target) local.set(name!, target);
  }
  for (const [, list, spec] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const target = resolve(spec!);
    for (const [, as = ""] of bindings(list!).map((b) => [b[0], b.at(-1)])) if (target) local.set(as, target);
  }
  for (const [, list, spec] of text.matchAll(/export\s*\{([^}]*)\}(?:\s*from\s*["']([^"']+)["'])?/g)) {
    const target = spec ? resolve(spec) : undefined;
    for (const b of bindings(list!)) {
      const from = target ?? local.get(b[0]!);
      if (from) names.set(b.at(-1)!, from);
    }
  }
  return names;
}

/** The names a source file imports from a package: `import { A, B as C } from "pkg"`. */
function namesImported(file: string, barrel: string) {
  const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(barrel)?.[1];
  if (!pkg || !existsSync(file)) return [];
  const text = readFileSync(file, "utf8");
  const found: string[] = [];
  const pattern = new RegExp(`import\\s*(?:type\\s*)?\\{([^}]*)\\}\\s*from\\s*["']${pkg}["']`, "g");
  for (const [whole, list] of text.matchAll(pattern)) {
    if (/^import\s*type\b/.test(whole)) continue;
    for (const b of list!.split(",")) {
      const name = b
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)[0];
      if (name && !b.trim().startsWith("type ")) found.push(name);
    }
  }
  return found;
}
