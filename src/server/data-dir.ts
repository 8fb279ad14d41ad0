import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import lockfile from "proper-lockfile";

export class DataDirLockedError extends Error {}

/**
 * PGlite does not lock its directory, and two processes writing one PGlite
 * directory corrupt it; so the server takes this lock before it opens the
 * database and keeps it until it stops.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, "balcao.lock"),
      // A crashed server's lock goes stale after 30 s instead of blocking forever.
      stale: 30_000,
      update: 10_000,
      onCompromised: (err) => {
        throw err;
      },
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ELOCKED") {
      throw new DataDirLockedError(
        `DATA_DIR ${path.resolve(dataDir)} is in use by another Balcão process; stop it first or choose another DATA_DIR`,
      );
    }
    throw err;
  }
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
  mkdirSync(dataDir, { recursive: true });
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
