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
 * both import in a third; the other signed-in first pages (decision 068) each get one, with one
 * more for what several of them share. Each chunk's imports are then the main script's chunks or the
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
  let sets: {
    main: Set<string>;
    login: Set<string>;
    home: Set<string>;
    others: [string, Set<string>][];
    later: Set<string>;
  } | null = null;
  // The router's dynamic imports are the pages themselves, not something loaded later on every page.
  const router = path.join(webRoot, "app/router.tsx");
  const later = (ctx: Ctx, loaded: Set<string>[]) =>
    reach(
      ctx,
      loaded.flatMap((set) =>
        [...set]
          .filter((m) => m !== router)
          .flatMap((m) => ctx.getModuleInfo(m)?.dynamicallyImportedIds ?? []),
      ),
      barrels,
    );
  return (id, ctx) => {
    const mainSet = sets?.main ?? reachFrom(ctx, ["main.tsx"]);
    const homeSet = sets?.home ?? reachFrom(ctx, pages["/"] ?? []);
    sets ??= {
      main: mainSet,
      login: reachFrom(ctx, pages["/login"] ?? []),
      home: homeSet,
      // What the main script and the layout load later, on every page (the installer, the drafts
      // kept offline): left to the bundler, so that loading it does not bring a page's whole chunk
      // along (on /, 110 KB more once the page was drawn).
      later: later(ctx, [mainSet, homeSet]),
      // The other signed-in first pages (decision 068), each beside the layout, which is in `home`.
      others: Object.entries(pages)
        .filter(([address]) => !["/login", "/register", "/"].includes(address))
        .map(([address, roots]) => [chunkName(address), reachFrom(ctx, roots)]),
    };
    // The main script's modules, and those both first pages need, in one chunk with the bundler's runtime.
    if (sets.main.has(id) || id.includes("rolldown/runtime")) return "app";
    const login = sets.login.has(id);
    const home = sets.home.has(id);
    if (login && home) return "app";
    if (login) return "login";
    if (home) return "home";
    // A module of one of the other pages goes in that page's chunk; one that several of them need in
    // one chunk they share, so that each page is two chunks beside the layout's, whatever it imports.
    if (sets.later.has(id)) return null;
    const others = sets.others.filter(([, set]) => set.has(id));
    if (others.length === 1) return others[0]![0];
    if (others.length > 1) return "pages";
    return null;
  };
}

/** A page's chunk name from its address: /solicitacoes/:tipo/:id → page-solicitacoes-tipo-id. */
const chunkName = (address: string) => `page${address.replace(/[/:]+/g, "-").replace(/-$/, "")}`;

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
