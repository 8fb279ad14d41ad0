// Bundles the server into dist/server so `npm start` runs plain Node, without a TypeScript loader.
import { build } from "esbuild";

await build({
  entryPoints: ["src/server/server.ts"],
  outdir: "dist/server",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
  packages: "external",
  tsconfig: "tsconfig.json",
  logLevel: "warning",
});
