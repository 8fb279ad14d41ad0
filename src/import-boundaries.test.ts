import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/*
 * The import boundaries of ARCHITECTURE.md are Biome rules (noRestrictedImports
 * overrides in biome.json), so `npm run check` fails on a forbidden import. This
 * proves each rule fires, and stays quiet on the imports the layout allows: the
 * repository's own biome.json lints fixture files laid out like src/.
 */

const root = path.resolve(import.meta.dirname, "..");
const biome = path.join(root, "node_modules", ".bin", process.platform === "win32" ? "biome.cmd" : "biome");

/** path → an import it makes, and whether that import must be refused. */
const fixtures: [file: string, source: string, refused: boolean][] = [
  // src/web never imports src/server
  ["src/web/lib/server-alias.ts", "@/server/db/client", true],
  ["src/web/app/routes/server-relative.tsx", "../../../server/db/client", true],
  ["src/web/features/planning/components/server-alias.tsx", "@/server/config", true],
  // a feature never imports another feature
  [
    "src/web/features/planning/components/other-feature-alias.tsx",
    "@/web/features/clients/api/clients",
    true,
  ],
  ["src/web/features/planning/components/other-feature-relative.tsx", "../../clients/api/clients", true],
  ["src/web/features/planning/components/edit/other-feature-deep.tsx", "../../../clients/api/clients", true],
  ["src/web/features/planning/other-feature-root.ts", "../clients/api/clients", true],
  // shared web code never imports a feature
  ["src/web/components/form/feature.tsx", "@/web/features/requests/lib/kinds", true],
  // src/domain imports only pure libraries and itself
  ["src/domain/node-builtin.ts", "node:crypto", true],
  ["src/domain/node-bare.ts", "fs", true],
  ["src/domain/planning/react.ts", "react", true],
  ["src/domain/planning/drizzle.ts", "drizzle-orm", true],
  ["src/domain/planning/fastify.ts", "fastify", true],
  ["src/domain/planning/server-alias.ts", "@/server/http/errors", true],
  // its tests may also read fixtures and check our formats against implementations we did not write
  ["src/domain/finance/interop.test.ts", "pix-utils", false],
  ["src/domain/finance/fixture.test.ts", "node:fs", false],
  ["src/domain/finance/react.test.ts", "react", true],
  ["src/domain/finance/not-a-test.ts", "pix-utils", true],
  ["src/domain/planning/web-alias.ts", "@/web/lib/cn", true],
  ["src/domain/planning/server-relative.ts", "../../server/http/errors", true],
  ["src/domain/escape.ts", "../web/lib/cn", true],
  // src/server never imports src/web
  ["src/server/modules/web-alias.ts", "@/web/lib/cn", true],
  // what the layout allows
  ["src/web/features/planning/components/edit/own-feature.tsx", "../../lib/errors", false],
  ["src/web/features/planning/components/shared.tsx", "@/web/components/form/form-item", false],
  ["src/web/features/planning/api/domain.ts", "@/domain/planning/plan", false],
  ["src/web/app/routes/app/feature.tsx", "@/web/features/planning/components/plans-list-page", false],
  ["src/web/lib/library.ts", "@tanstack/react-query", false],
  ["src/domain/planning/generator/zod.ts", "zod", false],
  ["src/domain/planning/generator/up-in-domain.ts", "../../dates", false],
  ["src/domain/planning/sibling.ts", "./options", false],
  ["src/server/modules/domain.ts", "@/domain/planning/plan", false],
];

type Diagnostic = { category: string; message: string; location: { path: string } };

let dir = "";
let diagnostics: Diagnostic[] = [];

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "balcao-boundaries-"));
  const config = JSON.parse(readFileSync(path.join(root, "biome.json"), "utf8"));
  // The rules as they are; only what ties the config to this checkout is dropped.
  delete config.$schema;
  delete config.vcs;
  config.files = { includes: ["**"] };
  writeFileSync(path.join(dir, "biome.json"), JSON.stringify(config));
  for (const [file, source] of fixtures) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), `import { thing } from "${source}";\n\nexport const used = thing;\n`);
  }
  const run = spawnSync(biome, ["lint", "--reporter=json", ...fixtures.map(([file]) => file)], {
    cwd: dir,
    encoding: "utf8",
  });
  diagnostics = (JSON.parse(run.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("import boundaries (biome.json)", () => {
  it.each(fixtures)("%s importing %s: refused %s", (file, _source, refused) => {
    const found = diagnostics.filter((d) => d.location.path.replaceAll("\\", "/") === file);
    if (refused) {
      expect(found.map((d) => d.category)).toContain("lint/style/noRestrictedImports");
    } else {
      expect(found).toEqual([]);
    }
  });
});
