/**
 * The release as an operator runs it: `balcao-<version>.tar.gz` unpacked in an empty folder and
 * started with its own `bin/balcao`, two instances sharing PostgreSQL, S3 and the secrets, each
 * with its own DATA_DIR (its lock), behind the proxy (docs/operations.md, several instances).
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { extract } from "tar";
import { CheckFailed, type Child, check, spawnLogged, waitFor } from "./harness";

/** Packages only the build and the tests use: the release must not install them (decision 044). */
const DEV_ONLY = ["vite", "vitest", "tsx", "drizzle-kit", "react", "@biomejs/biome", "playwright-core"];

export type Shared = {
  databaseUrl: string;
  publicUrl: string;
  s3: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string };
};

export type Instance = {
  name: string;
  port: number;
  url: string;
  child: Child | null;
  start(): Promise<number>;
  stop(): Promise<number | string>;
};

/** Unpacks the archive into `dir` (empty) and returns the release's folder. */
export async function unpack(archive: string, dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  check(readdirSync(dir).length === 0, `${dir} is not empty`);
  await extract({ file: archive, cwd: dir });
  const [top, ...rest] = readdirSync(dir);
  check(
    top && rest.length === 0,
    `the archive should hold one folder, found: ${readdirSync(dir).join(", ")}`,
  );
  const release = path.join(dir, top);
  for (const entry of [
    "bin/balcao",
    "dist/server/server.js",
    "dist/web/index.html",
    "dist/web/sw.js",
    "dist/web/manifest.webmanifest",
    "drizzle",
    "package-lock.json",
  ])
    check(existsSync(path.join(release, entry)), `the release lacks ${entry}`);
  check(!existsSync(path.join(release, "node_modules")), "the release carries node_modules");
  // Unpacked by root, run by a service user (systemd's, the image's): everything must be readable.
  const closed = readdirSync(release, { recursive: true, withFileTypes: true })
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => (statSync(file).mode & 0o004) === 0);
  check(
    closed.length === 0,
    `${closed.length} files of the release are not readable by others, e.g. ${closed[0]}`,
  );
  return release;
}

/** The dev-only packages the release's install put in node_modules (none expected). */
export function devPackagesInstalled(release: string): string[] {
  return DEV_ONLY.filter((name) => existsSync(path.join(release, "node_modules", name, "package.json")));
}

/** What every instance shares: the same secrets, database, bucket and public address. */
export function sharedEnv(shared: Shared): NodeJS.ProcessEnv {
  const secret = () => randomBytes(32).toString("base64url");
  return {
    DATABASE_URL: shared.databaseUrl,
    PUBLIC_URL: shared.publicUrl,
    AUTH_SECRET: secret(),
    WEBHOOK_SECRET: `whsec_${randomBytes(32).toString("base64")}`,
    S3_ENDPOINT: shared.s3.endpoint,
    S3_BUCKET: shared.s3.bucket,
    S3_ACCESS_KEY_ID: shared.s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: shared.s3.secretAccessKey,
    // The proxy is on this machine and the instances listen on loopback only (docs/operations.md).
    TRUST_PROXY: "127.0.0.1",
    HOST: "127.0.0.1",
    // Sign-up confirms by e-mail in production; here no mail server is involved.
    REQUIRE_EMAIL_VERIFICATION: "false",
    NODE_ENV: "production",
  };
}

/**
 * Only what a service manager would pass, not this shell's settings (a DATABASE_URL or a BALCAO_*
 * switch of the developer's must not leak in). npm may answer from its cache: the test measures
 * the release, not the registry.
 */
export function baseEnv(): NodeJS.ProcessEnv {
  const keep = ["PATH", "HOME", "LANG", "TMPDIR", "npm_config_cache", "npm_config_registry"];
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    keep.flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])),
  );
  return { ...env, npm_config_prefer_offline: "true", npm_config_update_notifier: "false" };
}

async function ready(url: string): Promise<boolean> {
  const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
  return res.status === 200;
}

/** One instance of the release: `bin/balcao` with its port and DATA_DIR, its output in `logDir`. */
export function instance(
  name: string,
  options: { release: string; port: number; env: NodeJS.ProcessEnv; workDir: string },
): Instance {
  const dataDir = path.join(options.workDir, `data-${name}`);
  const logFile = path.join(options.workDir, `instance-${name}.log`);
  const url = `http://127.0.0.1:${options.port}`;
  const self: Instance = {
    name,
    port: options.port,
    url,
    child: null,
    /** Starts it and waits for /readyz; the milliseconds that took. */
    async start() {
      check(!self.child?.running(), `instance ${name} is already running`);
      const started = performance.now();
      const child = spawnLogged(path.join(options.release, "bin/balcao"), [], {
        cwd: options.release,
        logFile,
        env: {
          ...baseEnv(),
          ...options.env,
          PORT: String(options.port),
          DATA_DIR: dataDir,
          BACKUP_DIR: path.join(dataDir, "backups"),
        },
      });
      self.child = child;
      // The first start installs the production dependencies: give it time.
      const up = await waitFor(240_000, async () => {
        if (!child.running())
          throw new CheckFailed(`instance ${name} exited before it was ready:\n${child.tail()}`);
        return ready(url);
      });
      check(up, `instance ${name} (port ${options.port}) did not become ready:\n${child.tail()}`);
      return Math.round(performance.now() - started);
    },
    async stop() {
      if (!self.child) return "not started";
      return self.child.stop();
    },
  };
  return self;
}

/** The "ready" line the server logs, for the step's output: how long its start took, by phase. */
export function lastStartLine(workDir: string, name: string): string {
  const lines = readFileSync(path.join(workDir, `instance-${name}.log`), "utf8")
    .trim()
    .split("\n");
  const readyLine = lines.reverse().find((line) => line.includes("Balcão is ready"));
  if (!readyLine) return "no ready line";
  try {
    const parsed = JSON.parse(readyLine) as { startupMs?: number; database?: string };
    return `${parsed.database} start ${parsed.startupMs} ms`;
  } catch {
    return readyLine.slice(0, 120);
  }
}
