import { randomBytes } from "node:crypto";
import {
  closeSync,
  fsyncSync,
  linkSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { ensurePrivateDir } from "./private-files";

export class DataDirLockedError extends Error {}

/*
 * One server per DATA_DIR. PGlite does not lock its directory, and two
 * processes writing one PGlite directory corrupt it; so the server takes this
 * lock before it opens the database and keeps it until it stops (`npm run
 * backup` and `npm run restore` take it too).
 *
 * The lock is the file DATA_DIR/balcao.lock, created whole (written beside,
 * then hard-linked into place, which fails if it exists), saying who holds it:
 * pid, host, boot and the process's start. A lock whose holder is gone is taken
 * over at once, so a supervisor restarting a crashed (kill -9) server finds the
 * directory free:
 *
 * - same host: the holder is gone when its pid is not running, is a zombie, is
 *   a different process (another start time: the pid was reused), the machine
 *   has rebooted since, or the pid is our own (a restarted container whose
 *   server is pid 1 again); a live holder keeps it, however long it has run;
 * - another host (DATA_DIR on a network disk): only time can tell, so the holder
 *   touches the file every 10 s and a lock untouched for 30 s is stale. A
 *   directory of that name is the lock of an older Balcão (proper-lockfile),
 *   judged the same way.
 */

const LOCK_FILE = "balcao.lock";
const HEARTBEAT_MS = 10_000;
const STALE_MS = 30_000;

type LockOwner = {
  pid: number;
  hostname: string;
  /** Linux: /proc/sys/kernel/random/boot_id, so a lock from before a reboot is known as such. */
  bootId: string | null;
  /** Linux: the process's start in clock ticks since boot (/proc/<pid>/stat), which tells a reused pid. */
  startTicks: string | null;
  startedAt: string;
  /** This lock, among all the locks this pid ever took. */
  nonce: string;
};

export type LockOptions = {
  /** Hears one line when DATA_DIR had to be made private (see ensurePrivateDir). */
  note?: (message: string) => void;
  /** Called if another process took the lock from under us; by default it throws (the server stops). */
  onCompromised?: (err: Error) => void;
  heartbeatMs?: number;
  staleMs?: number;
};

/** The locks this process holds, by nonce: a second lockDataDir in the same process is refused. */
const heldNonces = new Set<string>();

function readText(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/** Fields 3 (state) and 22 (starttime) of /proc/<pid>/stat, where there is a /proc. */
function procStat(pid: number | "self"): { state: string; startTicks: string } | null {
  const text = readText(`/proc/${pid}/stat`);
  if (!text) return null;
  // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const state = fields[0];
  const startTicks = fields[19];
  return state && startTicks ? { state, startTicks } : null;
}

const bootId = () => readText("/proc/sys/kernel/random/boot_id")?.trim() || null;

function currentOwner(nonce: string): LockOwner {
  return {
    pid: process.pid,
    hostname: hostname(),
    bootId: bootId(),
    startTicks: procStat("self")?.startTicks ?? null,
    startedAt: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    nonce,
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function parseOwner(text: string): LockOwner | null {
  try {
    const owner = JSON.parse(text) as Partial<LockOwner>;
    if (!Number.isInteger(owner.pid) || typeof owner.hostname !== "string" || typeof owner.nonce !== "string")
      return null;
    return owner as LockOwner;
  } catch {
    return null;
  }
}

type Seen =
  | { kind: "gone" }
  | { kind: "legacy"; ageMs: number }
  | { kind: "file"; text: string; owner: LockOwner | null; ageMs: number };

function look(lockPath: string): Seen {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(lockPath);
  } catch {
    return { kind: "gone" };
  }
  const ageMs = Date.now() - stat.mtimeMs;
  if (stat.isDirectory()) return { kind: "legacy", ageMs };
  const text = readText(lockPath);
  if (text === null) return { kind: "gone" };
  return { kind: "file", text, owner: parseOwner(text), ageMs };
}

/** Why the holder of a lock is gone, or null while it may still be running. */
function whyGone(seen: Exclude<Seen, { kind: "gone" }>, staleMs: number): string | null {
  const stale = seen.ageMs > staleMs ? `not renewed for ${Math.round(seen.ageMs / 1000)} s` : null;
  if (seen.kind === "legacy" || !seen.owner) return stale;
  const { owner } = seen;
  if (heldNonces.has(owner.nonce)) return null;
  if (owner.hostname !== hostname()) return stale;
  const ourBoot = bootId();
  if (owner.bootId && ourBoot && owner.bootId !== ourBoot) return "the machine restarted since";
  if (owner.pid === process.pid) return "its pid is ours now (a restarted container)";
  if (!isRunning(owner.pid)) return `process ${owner.pid} is not running`;
  const now = procStat(owner.pid);
  if (now && (now.state === "Z" || now.state === "X")) return `process ${owner.pid} has exited`;
  if (now && owner.startTicks && now.startTicks !== owner.startTicks)
    return `pid ${owner.pid} is another process now`;
  return null;
}

function describeHolder(seen: Exclude<Seen, { kind: "gone" }>): string {
  if (seen.kind === "legacy" || !seen.owner) return "";
  const { owner } = seen;
  return owner.hostname === hostname()
    ? ` (pid ${owner.pid})`
    : ` (pid ${owner.pid} on ${owner.hostname}, renewed ${Math.round(seen.ageMs / 1000)} s ago)`;
}

/**
 * Removes the lock judged abandoned, unless someone replaced it meanwhile: it is
 * renamed aside first (only one process can), then compared with what was judged.
 */
function removeAbandoned(lockPath: string, seen: Exclude<Seen, { kind: "gone" }>, nonce: string) {
  const aside = `${lockPath}.stale-${nonce}`;
  try {
    renameSync(lockPath, aside);
  } catch {
    return; // Gone already: someone else took it over first.
  }
  if (seen.kind === "file" && readText(aside) !== seen.text) {
    // A newer lock of a live process slipped in between: put it back.
    try {
      linkSync(aside, lockPath);
    } catch {
      // Yet another lock is there: the one we moved will notice at its next heartbeat.
    }
  }
  rmSync(aside, { recursive: true, force: true });
}

/** Leftovers of processes that died between writing a lock and linking it, or while removing one. */
function sweepLeftovers(dataDir: string) {
  const cutoff = Date.now() - 60_000;
  for (const name of readdirSync(dataDir)) {
    if (!/^balcao\.lock\.(?:[0-9a-f]+\.tmp|stale-[0-9a-f]+)$/.test(name)) continue;
    const file = path.join(dataDir, name);
    try {
      if (statSync(file).mtimeMs < cutoff) rmSync(file, { recursive: true, force: true });
    } catch {
      // Someone else removed it.
    }
  }
}

function writeWhole(file: string, text: string) {
  const fd = openSync(file, "wx", 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Takes DATA_DIR for this process, or throws DataDirLockedError naming the
 * holder. Resolves to the function that releases it.
 */
export async function lockDataDir(dataDir: string, options: LockOptions = {}): Promise<() => Promise<void>> {
  const dirNote = ensurePrivateDir(dataDir);
  if (dirNote) options.note?.(`DATA_DIR ${dirNote}`);
  const lockPath = path.join(dataDir, LOCK_FILE);
  const staleMs = options.staleMs ?? STALE_MS;
  sweepLeftovers(dataDir);

  const nonce = randomBytes(12).toString("hex");
  const text = `${JSON.stringify(currentOwner(nonce))}\n`;
  const pending = path.join(dataDir, `${LOCK_FILE}.${nonce}.tmp`);
  let holder = "";
  for (let attempt = 0; attempt < 5; attempt++) {
    writeWhole(pending, text);
    try {
      linkSync(pending, lockPath);
      unlinkSync(pending);
      heldNonces.add(nonce);
      return holdLock(lockPath, text, nonce, options);
    } catch (err) {
      unlinkSync(pending);
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    const seen = look(lockPath);
    if (seen.kind === "gone") continue;
    if (whyGone(seen, staleMs) === null) {
      holder = describeHolder(seen);
      break;
    }
    removeAbandoned(lockPath, seen, nonce);
  }
  throw new DataDirLockedError(
    `DATA_DIR ${path.resolve(dataDir)} is in use by another Balcão process${holder}; stop it first or choose another DATA_DIR`,
  );
}

function holdLock(lockPath: string, text: string, nonce: string, options: LockOptions) {
  const onCompromised =
    options.onCompromised ??
    ((err: Error) => {
      throw err;
    });
  const heartbeat = setInterval(() => {
    if (readText(lockPath) !== text) {
      clearInterval(heartbeat);
      heldNonces.delete(nonce);
      onCompromised(new Error(`The lock ${lockPath} was taken by another process`));
      return;
    }
    try {
      const now = new Date();
      utimesSync(lockPath, now, now);
    } catch {
      // Removed between the read and now: the next beat reports it.
    }
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  return async () => {
    clearInterval(heartbeat);
    if (!heldNonces.delete(nonce)) return;
    if (readText(lockPath) === text) rmSync(lockPath, { force: true });
  };
}

/**
 * AUTH_SECRET signs session cookies. When unset it is generated once and kept
 * in DATA_DIR, so `npm start` works and sessions survive restarts.
 */
export function loadOrCreateAuthSecret(dataDir: string): string {
  return loadOrCreateSecret(dataDir, "auth-secret", () => randomBytes(48).toString("base64url"));
}

/**
 * WEBHOOK_SECRET, likewise, in the Standard Webhooks form (whsec_ + base64).
 * Receivers need it to check signatures: the README says where to find it.
 */
export function loadOrCreateWebhookSecret(dataDir: string): string {
  return loadOrCreateSecret(dataDir, "webhook-secret", () => `whsec_${randomBytes(32).toString("base64")}`);
}

function loadOrCreateSecret(dataDir: string, name: string, generate: () => string): string {
  const file = path.join(dataDir, name);
  try {
    const existing = readFileSync(file, "utf8").trim();
    if (existing.length >= 32) return existing;
  } catch {
    // First start: fall through and create it.
  }
  ensurePrivateDir(dataDir);
  const secret = generate();
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The running server's pid, so `npm run backup` can ask it for a live backup. */
export function serverPidFile(dataDir: string): string {
  return path.join(dataDir, "server.pid");
}

export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, "pglite");
}
