// Bundles the server into dist/server so `npm start` runs plain Node, without a TypeScript loader.
import { rmSync } from "node:fs";
import { build } from "esbuild";

// Chunk names carry a hash: without this, every build's chunks would pile up beside the new ones.
rmSync("dist/server", { recursive: true, force: true });

await build({
  entryPoints: ["src/server/server.ts"],
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  // Chunks for dynamic imports, so the app and the AWS SDK load in parallel with, or only when, needed.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  sourcemap: true,
  packages: "external",
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
