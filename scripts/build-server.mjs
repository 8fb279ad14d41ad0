// Bundles the server into dist/server so `npm start` runs plain Node, without a TypeScript loader.

import { readdirSync, readFileSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

// Chunk names carry a hash: without this, every build's chunks would pile up beside the new ones.
rmSync("dist/server", { recursive: true, force: true });

/*
 * The dependencies are bundled too (decision 024): Node resolved and read about 1,400 files of
 * node_modules at every start, a third of the main thread's work before the app could be built.
 * Left outside: what finds files beside its own code (PGlite's WebAssembly, pdfkit's fonts), what
 * only a configured feature or a first request loads, and pg's optional native binding.
 */
const external = ["@electric-sql/pglite", "@aws-sdk/*", "openai", "exceljs", "pdfkit", "yazl", "pg-native"];

/*
 * @fastify/swagger-ui finds its page's files through `__dirname`, which an ESM bundle does not
 * have: each of its modules gets its own, the package's folder as installed. Bundled, it shares
 * our copies of @fastify/static and yaml; left outside, it loaded second ones, ~50 ms of every
 * start (decision 024).
 */
const swaggerUiDirname = {
  name: "swagger-ui-dirname",
  setup(build) {
    build.onLoad({ filter: /[\\/]@fastify[\\/]swagger-ui[\\/].*\.js$/ }, async (args) => {
      const packageRoot = args.path.slice(0, args.path.lastIndexOf("swagger-ui") + "swagger-ui".length);
      const folder = path.relative(packageRoot, path.dirname(args.path)).split(path.sep).join("/");
      const dirname = `require("node:path").join(require("node:path").dirname(require.resolve("@fastify/swagger-ui/package.json")), ${JSON.stringify(folder)})`;
      const source = await readFile(args.path, "utf8");
      return { contents: `const __dirname = ${dirname};\n${source}`, loader: "js" };
    });
  },
};

/*
 * date-holidays carries every country's holidays (800 KB of source, about 6 MB of objects once
 * evaluated, in every server's memory); the server asks it for Brazil's only
 * (src/server/modules/holidays/holiday-source.ts). Its data module is replaced in the bundle by
 * Brazil's part of the same data (docs/decisions/070). The build fails if the module is not met:
 * a new layout of the package must not bring the whole data back unnoticed.
 */
let holidayDataPicked = 0;
const brazilHolidaysOnly = {
  name: "brazil-holidays-only",
  setup(build) {
    build.onLoad({ filter: /[\\/]date-holidays[\\/]src[\\/]data\.js$/ }, async (args) => {
      const { data } = await import(pathToFileURL(args.path).href);
      if (!data?.holidays?.BR) throw new Error(`${args.path} has no holidays of Brazil`);
      holidayDataPicked += 1;
      const picked = { ...data, holidays: { BR: data.holidays.BR } };
      return { contents: `export const data = ${JSON.stringify(picked)};`, loader: "js" };
    });
  },
};
function assertHolidayDataPicked(bundle) {
  if (holidayDataPicked === 0) {
    throw new Error(
      `${bundle}: date-holidays' data module (src/data.js) was not met; see brazilHolidaysOnly`,
    );
  }
  holidayDataPicked = 0;
}

/*
 * V8 keeps a module's source text for the life of the process, one byte per character only when
 * every character is Latin-1: one '–' in a regular expression (esbuild escapes strings to ASCII,
 * not regular expressions nor a tagged template's text) made the app chunk's 4.8 MB take 9.6 MB
 * (docs/decisions/070). Written as \u2013 in the source, it is the same expression.
 */
function assertLatin1(dir) {
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".js")) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = readFileSync(file, "utf8");
    const at = text.search(/[\u0100-\u{10ffff}]/u);
    if (at !== -1) {
      const near = text.slice(Math.max(0, at - 60), at + 20);
      throw new Error(`${file} holds a character beyond Latin-1 (write it as \\u…): ${JSON.stringify(near)}`);
    }
  }
}

await build({
  plugins: [swaggerUiDirname, brazilHolidaysOnly],
  entryPoints: ["src/server/server.ts"],
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  // Chunks for dynamic imports, so the app loads beside the database's start, and what only some
  // requests or settings need (the AWS SDK, the exports, the LLM client) loads only then.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  external,
  // The CommonJS packages bundled into ESM call require() for Node's own modules.
  banner: {
    js: 'import { createRequire as __balcaoCreateRequire } from "node:module"; const require = __balcaoCreateRequire(import.meta.url);',
  },
  sourcemap: true,
  minifyWhitespace: true,
  minifySyntax: true,
  // The maps point at the sources instead of carrying them: a logged stack is mapped when written
  // (src/server/http/source-mapped-stack.ts).
  sourcesContent: false,
  tsconfig: "tsconfig.json",
  logLevel: "warning",
});
assertHolidayDataPicked("dist/server");
assertLatin1("dist/server");

/*
 * The operator's commands (backup, restore, doctor) for a release, which has no sources nor tsx:
 * `bin/balcao backup` runs dist/cli/backup.js (docs/decisions/045). Apart from the server's
 * bundle, so its chunks and its start stay as they are.
 */
rmSync("dist/cli", { recursive: true, force: true });
await build({
  // backup --verify builds the app on the restored copy, with the page that needs this plugin.
  plugins: [swaggerUiDirname, brazilHolidaysOnly],
  entryPoints: { backup: "scripts/backup.ts", restore: "scripts/restore.ts", doctor: "scripts/doctor.ts" },
  outdir: "dist/cli",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  external,
  banner: {
    js: 'import { createRequire as __balcaoCreateRequire } from "node:module"; const require = __balcaoCreateRequire(import.meta.url);',
  },
  minifyWhitespace: true,
  minifySyntax: true,
  tsconfig: "tsconfig.json",
  logLevel: "warning",
});
assertHolidayDataPicked("dist/cli");

/*
 * The server's drawing of / for a signed-in person (decision 027): the home page and its layout,
 * the same components the app renders, with React's server renderer, in one file the server loads
 * by path with the first such request (src/server/web-serving/first-pages.ts). src/server's own
 * code never imports src/web; this bundle is where the two meet. Not made with
 * BALCAO_FIRST_PAGES=off (the rule of build/vite-plugins/switches.ts: unset, on or off).
 */
const firstPagesSwitch = process.env.BALCAO_FIRST_PAGES ?? "";
if (!["", "on", "off"].includes(firstPagesSwitch)) {
  throw new Error(`BALCAO_FIRST_PAGES must be on or off (got ${JSON.stringify(firstPagesSwitch)})`);
}
if (firstPagesSwitch !== "off") await buildHomeRenderer();

async function buildHomeRenderer() {
  await build({
    entryPoints: { "render-home": "src/web/app/first-pages/prerender-home.tsx" },
    outdir: "dist/server",
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    // React's production build: the development one checks and warns at every render.
    define: { "process.env.NODE_ENV": '"production"' },
    banner: {
      js: 'import { createRequire as __balcaoCreateRequire } from "node:module"; const require = __balcaoCreateRequire(import.meta.url);',
    },
    sourcemap: true,
    minifyWhitespace: true,
    minifySyntax: true,
    sourcesContent: false,
    tsconfig: "tsconfig.json",
    logLevel: "warning",
  });
}

/*
 * A migrated, empty embedded database, copied into a fresh DATA_DIR on first
 * start: loading it takes a fraction of the time PGlite needs to initialise a
 * new cluster (see docs/decisions/006-pglite-template.md). Migrations still run
 * at start, so a template older than the migrations is simply brought forward.
 * Kept as a folder, not as PGlite's tar: the first start copies it in ~0.1 s,
 * where node-tar's unpacking took 0.2–0.8 s of the main thread.
 */
const { PGlite } = await import("@electric-sql/pglite");
const { drizzle } = await import("drizzle-orm/pglite");
const { migrate } = await import("drizzle-orm/pglite/migrator");
const { extract } = await import("tar");
const { mkdirSync, renameSync, writeFileSync } = await import("node:fs");
// wal_recycle=off: the segment the checkpoint below leaves behind is removed, not renamed into a
// full-looking next segment.
const pglite = await PGlite.create({ startParams: [...PGlite.defaultStartParams, "-c", "wal_recycle=off"] });
await migrate(drizzle(pglite), { migrationsFolder: "drizzle" });
// Balcão opens only the "postgres" database and never creates one: the two template databases
// were half of the files a first start copies (decision 006, "Smaller").
for (const database of ["template0", "template1"]) {
  await pglite.exec(`ALTER DATABASE ${database} IS_TEMPLATE false`);
  await pglite.exec(`DROP DATABASE ${database}`);
}
// A new WAL segment after the checkpoint holds only what came since: about 100 KB of its 16 MB
// is not zeros, and the first start's copy writes zeros as holes (src/server/db/template.ts).
await pglite.exec("CHECKPOINT");
await pglite.query("SELECT pg_switch_wal()");
await pglite.exec("CHECKPOINT");
const dump = await pglite.dumpDataDir("none");
await pglite.close();
const staging = "dist/pglite-template.unpacking";
rmSync(staging, { recursive: true, force: true });
mkdirSync(staging, { recursive: true });
writeFileSync(`${staging}.tar`, Buffer.from(await dump.arrayBuffer()));
// The dump names its files from the root ("/base/1/…"); node-tar makes them relative.
extract({ file: `${staging}.tar`, cwd: staging, sync: true, onwarn: () => {} });
rmSync(`${staging}.tar`);
rmSync("dist/pglite-template", { recursive: true, force: true });
rmSync("dist/pglite-template.tar", { force: true });
renameSync(staging, "dist/pglite-template");
