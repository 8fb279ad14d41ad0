/**
 * npm run package: builds if the sources changed, then writes `balcao-<version>.tar.gz` in the
 * repository's root, a release that runs anywhere Node and npm do (docs/decisions/044): what
 * `dist/server/server.js` reads from disk at run time (dist/, the migrations in drizzle/,
 * package.json for the version), the lockfile for `npm ci --omit=dev`, a start script and a short
 * README. No node_modules: the start script installs the production dependencies.
 */
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { create } from "tar";

const root = path.resolve(import.meta.dirname, "..");

/** Everything the server reads at run time besides node_modules (src/server/paths.ts). */
const RUNTIME = ["dist/server", "dist/cli", "dist/web", "dist/pglite-template", "drizzle"];

type PackageJson = { version: string; scripts?: Record<string, string> } & Record<string, unknown>;

/**
 * The release's package.json: the same dependencies, so the lockfile still matches and
 * `npm ci --omit=dev` accepts it, but only the scripts that work without the sources.
 */
function releasePackageJson(source: PackageJson): PackageJson {
  return { ...source, scripts: { start: "bin/balcao" } };
}

/**
 * Readable by everyone, writable by the owner only: the release is unpacked by root and run by a
 * service user (the systemd unit's, the image's). The build writes the PGlite template as
 * PostgreSQL does, 0640 in 0750 folders, which that user could not copy into its DATA_DIR.
 */
function readableByAll(dir: string) {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isDirectory()) chmodSync(file, 0o755);
    else if (entry.isFile()) chmodSync(file, statSync(file).mode & 0o100 ? 0o755 : 0o644);
  }
}

function stage(dir: string, pkg: PackageJson) {
  mkdirSync(path.join(dir, "dist"), { recursive: true });
  for (const entry of RUNTIME) {
    if (!existsSync(path.join(root, entry))) throw new Error(`${entry} is missing after the build`);
    cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true });
  }
  cpSync(path.join(root, "package-lock.json"), path.join(dir, "package-lock.json"));
  mkdirSync(path.join(dir, "bin"));
  cpSync(path.join(root, "deploy/release/balcao"), path.join(dir, "bin/balcao"));
  chmodSync(path.join(dir, "bin/balcao"), 0o755);
  cpSync(path.join(root, "deploy/release/README-release.md"), path.join(dir, "README-release.md"));
  return writeFile(path.join(dir, "package.json"), `${JSON.stringify(releasePackageJson(pkg), null, 2)}\n`);
}

async function main() {
  const started = performance.now();
  execFileSync(process.execPath, [path.join(root, "scripts/ensure-built.mjs")], {
    cwd: root,
    stdio: "inherit",
  });
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as PackageJson;
  const name = `balcao-${pkg.version}`;
  const archive = path.join(root, `${name}.tar.gz`);
  const staging = mkdtempSync(path.join(tmpdir(), "balcao-package-"));
  const partial = `${archive}.${process.pid}.partial`;
  try {
    await stage(path.join(staging, name), pkg);
    readableByAll(path.join(staging, name));
    // portable: no owner, group or host-specific modes, so unpacking as any user gives the same tree.
    // Written beside and renamed over: CI packs for the deploy and the container tests at the same
    // time (docs/decisions/069), and neither may read a half-written archive.
    await create({ gzip: true, file: partial, cwd: staging, portable: true }, [name]);
    renameSync(partial, archive);
  } finally {
    rmSync(staging, { recursive: true, force: true });
    rmSync(partial, { force: true });
  }
  const mb = (statSync(archive).size / 1024 / 1024).toFixed(1);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Release written: ${path.relative(process.cwd(), archive) || archive} (${mb} MB, ${seconds} s)`,
  );
  console.log(`Start it: tar xzf ${name}.tar.gz && ${name}/bin/balcao`);
}

await main();
