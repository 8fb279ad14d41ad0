// Bundles the server into dist/server so `npm start` runs plain Node, without a TypeScript loader.
import { rmSync } from "node:fs";
import { build } from "esbuild";

// Chunk names carry a hash: without this, every build's chunks would pile up beside the new ones.
rmSync("dist/server", { recursive: true, force: true });

/*
 * The dependencies are bundled too (decision 024): Node resolved and read about 1,400 files of
 * node_modules at every start, a third of the main thread's work before the app could be built.
 * Left outside: what finds files beside its own code (PGlite's WebAssembly, swagger-ui's page,
 * pdfkit's fonts), what only a configured feature or a first request loads, and pg's optional
 * native binding.
 */
const external = [
  "@electric-sql/pglite",
  "@fastify/swagger-ui",
  "@aws-sdk/*",
  "openai",
  "exceljs",
  "pdfkit",
  "yazl",
  "pg-native",
];

await build({
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
  // The maps point at the sources instead of carrying them: --enable-source-maps reads them at start.
  sourcesContent: false,
  tsconfig: "tsconfig.json",
  logLevel: "warning",
});

/*
 * A migrated, empty embedded database, copied into a fresh DATA_DIR on first
 * start: loading it takes a fraction of the time PGlite needs to initialise a
 * new cluster (see docs/decisions/006-pglite-template.md). Migrations still run
 * at start, so a template older than the migrations is simply brought forward.
 */
const { PGlite } = await import("@electric-sql/pglite");
const { drizzle } = await import("drizzle-orm/pglite");
const { migrate } = await import("drizzle-orm/pglite/migrator");
const { writeFileSync } = await import("node:fs");
const pglite = await PGlite.create();
await migrate(drizzle(pglite), { migrationsFolder: "drizzle" });
// Uncompressed: unpacking gzip costs more at every first start than the extra megabytes on disk.
const dump = await pglite.dumpDataDir("none");
writeFileSync("dist/pglite-template.tar", Buffer.from(await dump.arrayBuffer()));
await pglite.close();
