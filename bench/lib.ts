// Child processes, temp dirs and small HTTP helpers for bench/run.ts. Everything started
// here is tracked, so cleanupAll() can stop it even when a measurement throws.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const projectRoot = path.resolve(import.meta.dirname, "..");
export const serverEntry = path.join(projectRoot, "dist", "server", "server.js");
/** The release's start script, which `npm start` runs too: the server as operators start it (decision 070). */
const startScript = path.join(projectRoot, "deploy", "release", "balcao");
export const webIndex = path.join(projectRoot, "dist", "web", "index.html");

export const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** A port that was free a moment ago (the OS picks it; we close and hand it on). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

// ---- temp dirs ---------------------------------------------------------------------------

const tempDirs = new Set<string>();

export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `balcao-bench-${prefix}-`));
  tempDirs.add(dir);
  return dir;
}

export function removeTempDir(dir: string) {
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  tempDirs.delete(dir);
}

// ---- child processes ---------------------------------------------------------------------

export type Child = {
  name: string;
  proc: ChildProcess;
  /** Resolves when the process has exited (or failed to spawn). */
  exited: Promise<void>;
  /** "code 1", "signal SIGKILL", or null while it runs. */
  exitStatus: () => string | null;
  /** The last lines it printed, to explain a failure. */
  output: () => string;
};

const children = new Set<Child>();

export function startChild(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const proc = spawn(command, args, { cwd: projectRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  proc.stdout?.on("data", keep);
  proc.stderr?.on("data", keep);

  let status: string | null = null;
  const exited = new Promise<void>((resolve) => {
    proc.once("exit", (code, signal) => {
      status = signal ? `signal ${signal}` : `code ${code}`;
      resolve();
    });
    proc.once("error", (err) => {
      status = `spawn error: ${err.message}`;
      resolve();
    });
  });

  const child: Child = { name, proc, exited, exitStatus: () => status, output: () => lines.join("\n") };
  children.add(child);
  exited.then(() => children.delete(child));
  return child;
}

/** SIGTERM, then SIGKILL if it has not exited after `graceMs`; resolves once it is gone. */
export async function stopChild(child: Child, graceMs = 15_000): Promise<string> {
  if (child.exitStatus() === null) {
    child.proc.kill("SIGTERM");
    const timer = sleep(graceMs).then(() => "timeout" as const);
    if ((await Promise.race([child.exited.then(() => "exited" as const), timer])) === "timeout") {
      log(`${child.name} did not stop ${graceMs / 1000} s after SIGTERM; sending SIGKILL`);
      child.proc.kill("SIGKILL");
      await child.exited;
    }
  }
  children.delete(child);
  return child.exitStatus() ?? "unknown";
}

/** Stops every child still running and removes every temp dir; never throws. */
export async function cleanupAll() {
  await Promise.all([...children].map((child) => stopChild(child, 5_000).catch(() => undefined)));
  for (const dir of [...tempDirs]) {
    try {
      removeTempDir(dir);
    } catch (err) {
      log(`could not remove ${dir}: ${errorMessage(err)}`);
    }
  }
}

// ---- HTTP --------------------------------------------------------------------------------

/** One GET on a fresh connection (no keep-alive pool), for readiness polls. */
export function httpStatus(url: string, timeoutMs = 1_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.once("end", () => resolve(res.statusCode ?? 0));
      res.once("error", reject);
    });
    req.once("timeout", () => req.destroy(new Error("timeout")));
    req.once("error", reject);
  });
}

/** Polls `url` every `intervalMs` until it answers 200; throws if the child exits first. */
export async function waitFor200(child: Child, url: string, { intervalMs = 20, timeoutMs = 60_000 } = {}) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const status = child.exitStatus();
    if (status !== null) {
      throw new Error(`${child.name} exited (${status}) before ${url} answered 200:\n${child.output()}`);
    }
    try {
      if ((await httpStatus(url)) === 200) return;
    } catch {
      // Not listening yet.
    }
    if (performance.now() > deadline) {
      throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s:\n${child.output()}`);
    }
    await sleep(intervalMs);
  }
}

// ---- the Balcão server -------------------------------------------------------------------

export type BalcaoServer = {
  child: Child;
  /** The server process itself (spawned without a shell), e.g. for /proc/<pid>/status. */
  pid: number;
  baseUrl: string;
  dataDir: string;
  /** Wall time from spawn until GET /readyz answered 200. */
  readyMs: number;
};

/**
 * The environment of a server run: ours, minus any Balcão settings of the shell that runs the
 * bench, plus `extra` (e.g. an allow-list naming the bench's user).
 */
function balcaoEnv(
  port: number,
  dataDir: string,
  databaseUrl: string | undefined,
  extra: Record<string, string> = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ["DATABASE_URL", "DATABASE_POOL_SIZE", "PUBLIC_URL", "AUTH_SECRET", "SMTP_URL"]) {
    delete env[name];
  }
  for (const name of ["TRUST_PROXY", "ALLOWED_EMAIL_DOMAINS", "VAGAS_MANAGERS", "PLANNING_MANAGERS"]) {
    delete env[name];
  }
  // Webhooks and S3 would change what a request or an upload does (and where the file goes).
  for (const name of Object.keys(env)) {
    if (name.startsWith("WEBHOOK_") || name.startsWith("S3_") || name === "ATTACHMENT_LINK_TTL")
      delete env[name];
  }
  Object.assign(env, {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    REQUIRE_EMAIL_VERIFICATION: "false",
  });
  if (databaseUrl) {
    env.DATABASE_URL = databaseUrl;
    // Several instances sharing one database need one secret; set it so the server does not warn.
    env.AUTH_SECRET = randomBytes(36).toString("base64url");
  }
  return Object.assign(env, extra);
}

/**
 * Starts a server on a fresh temp DATA_DIR, or on `dataDir` (one a stopped server left with
 * `keepDataDir`), which is then this server's and goes when stopBalcao removes it. `env` is set
 * last, over the bench's defaults; `nodeArgs` go to node in NODE_OPTIONS. Started by the release's
 * start script with the Node running the bench first on the PATH, so that its memory settings are
 * measured with it.
 */
export async function startBalcao(
  name: string,
  options: { databaseUrl?: string; dataDir?: string; env?: Record<string, string>; nodeArgs?: string[] } = {},
) {
  const dataDir = options.dataDir ?? makeTempDir(name);
  let child: Child | undefined;
  try {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env = balcaoEnv(port, dataDir, options.databaseUrl, options.env);
    env.PATH = `${path.dirname(process.execPath)}${path.delimiter}${env.PATH ?? ""}`;
    if (options.nodeArgs)
      env.NODE_OPTIONS = [env.NODE_OPTIONS, ...options.nodeArgs].filter(Boolean).join(" ");
    const startedAt = performance.now();
    // `exec`: the pid is node's, whose memory the bench reads.
    child = startChild(name, "sh", [startScript], env);
    const pid = child.proc.pid;
    await waitFor200(child, `${baseUrl}/readyz`);
    if (pid === undefined) throw new Error(`${name}: the server process has no pid`);
    const server: BalcaoServer = { child, pid, baseUrl, dataDir, readyMs: performance.now() - startedAt };
    return server;
  } catch (err) {
    if (child) await stopChild(child, 5_000);
    removeTempDir(dataDir);
    throw err;
  }
}

/** Stops the server and removes its DATA_DIR, unless `keepDataDir` (then a later startBalcao reuses it). */
export async function stopBalcao(server: BalcaoServer, options: { keepDataDir?: boolean } = {}) {
  const status = await stopChild(server.child);
  if (!options.keepDataDir) removeTempDir(server.dataDir);
  return status;
}

export type Credentials = { name: string; email: string; password: string };

/** A new user's sign-up data, unique within this bench run. */
export function newCredentials(label = "bench"): Credentials {
  const email = `${label}-${process.pid}-${Date.now()}-${randomBytes(3).toString("hex")}@agencia.digital`;
  return { name: "Bench Teste", email, password: "bench-senha-123" };
}

const jsonHeaders = { "content-type": "application/json" };

/**
 * The address a sign-up or sign-in says it comes from, in the benchmarking range (RFC 2544):
 * read only by the scenario's sign-up server, started with TRUST_PROXY, so that more people sign
 * up than one address may in an hour (the live measurement's 51).
 */
export const benchClient = (n: number) => ({
  "x-forwarded-for": `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`,
});

export async function register(baseUrl: string, user: Credentials, from: Record<string, string> = {}) {
  const { name, email, password } = user;
  const registered = await fetch(`${baseUrl}/api/register`, {
    method: "POST",
    headers: { ...jsonHeaders, ...from },
    body: JSON.stringify({ name, email, password, confirmPassword: password }),
  });
  if (registered.status !== 201) {
    throw new Error(`POST /api/register answered ${registered.status}: ${await registered.text()}`);
  }
  await registered.arrayBuffer();
}

/** Signs in a registered user; returns the Cookie header of its session (checked with GET /api/me). */
export async function logIn(
  baseUrl: string,
  user: Credentials,
  from: Record<string, string> = {},
): Promise<string> {
  const login = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { ...jsonHeaders, ...from },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (login.status !== 200)
    throw new Error(`POST /api/login answered ${login.status}: ${await login.text()}`);
  await login.arrayBuffer();
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!.trim())
    .filter(Boolean)
    .join("; ");
  if (!cookie) throw new Error("POST /api/login set no cookie");
  await currentUserId(baseUrl, cookie);
  return cookie;
}

/** The id of the session's user, from GET /api/me (`{ user: { id } }`). */
export async function currentUserId(baseUrl: string, cookie: string): Promise<string> {
  const me = await fetch(`${baseUrl}/api/me`, { headers: { cookie } });
  if (me.status !== 200) throw new Error(`GET /api/me with the session answered ${me.status}`);
  const body = (await me.json()) as { user?: { id?: unknown } };
  const id = body.user?.id;
  if (typeof id !== "string" || !id)
    throw new Error(`GET /api/me answered no user id: ${JSON.stringify(body)}`);
  return id;
}

/** Signs up and signs in one user; returns the Cookie header of its session. */
export async function signIn(baseUrl: string): Promise<string> {
  const user = newCredentials();
  await register(baseUrl, user);
  return logIn(baseUrl, user);
}
