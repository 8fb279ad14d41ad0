import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { Topic } from "../live/bus";
import type { SessionEvent, SessionRevoker } from "./session-events";

/**
 * The server's session cache (decision 012). Every signed-in call used to ask
 * better-auth, which reads the session and the user, then the teams: three
 * statements before the route's own. Here the signed cookie is checked with
 * our secret and the person, with their teams, is kept for `ttlMs`, keyed by
 * the SHA-256 of the session token, and found again by the very cookie value
 * that was verified (decision 026: a hit then costs no HMAC and no hash, about a
 * tenth of a signed-in call's time). What ends a session or changes a person's
 * teams is published as a SessionEvent and evicts on every instance at once;
 * the TTL only bounds what a missed notification could leave behind.
 */

type Entry<U> = {
  user: U;
  userId: string;
  sessionExpiresAt: number;
  storedAt: number;
  /** The cookie value whose signature was checked when this was stored (the fast path's key). */
  cookie: string | null;
};

export type SessionCacheOptions = {
  /** AUTH_SECRET: better-auth signs the session cookie with HMAC-SHA256 under it. */
  secret: string;
  /** better-auth's session cookie name (`balcao.session_token`, `__Secure-` under https). */
  cookieName: string;
  /** 0 turns the cache off: every call asks the database, as before. */
  ttlMs: number;
  /** Beyond this many sessions the oldest are dropped. */
  maxEntries?: number;
  /** Where evictions are published and heard (the live bus's `sessions` topic). */
  topic: Topic<SessionEvent>;
  /** Whether evictions from other instances are heard now; while not, nothing is cached. */
  listening: () => boolean;
  now?: () => number;
  /** Where a failed publish is reported. */
  log?: { error(obj: unknown, msg?: string): void };
};

export type SessionCache<U> = SessionRevoker & {
  /** The session cookie's value as sent (still signed and URL-encoded), else null. */
  cookieOf(cookieHeader: string | undefined): string | null;
  /** The session token of a cookie value whose signature is ours, else null (no lookup needed: signed out). */
  verify(cookie: string): string | null;
  /** The session token of a cookie header whose signature is ours, else null. */
  tokenOf(cookieHeader: string | undefined): string | null;
  keyOf(token: string): string;
  /** The cached person, or undefined (a miss, an expired session, or the cache off). */
  get(key: string): U | undefined;
  /**
   * The cached person for a cookie value this cache stored them under, with no HMAC or hash:
   * only a value whose signature `verify` accepted is ever stored, and the same bytes carry the
   * same signature. Any other value (another encoding of the same token included) is a miss.
   */
  getByCookie(cookie: string): U | undefined;
  /** A mark taken before a lookup: `set` with it stores nothing if an eviction came in between. */
  mark(): number;
  set(
    key: string,
    mark: number,
    value: { user: U; userId: string; sessionExpiresAt: Date; cookie?: string },
  ): void;
  /** Applies an eviction here only (what every instance does when it hears one). */
  apply(event: SessionEvent): void;
  size(): number;
  close(): void;
};

export const sessionKeyOf = (token: string) => createHash("sha256").update(token).digest("base64url");

/** The session token in a signed cookie value, or null when its signature is not the secret's. */
function verifySignedCookie(value: string, secret: string): string | null {
  // better-call's signed cookie: `${token}.${base64 HMAC-SHA256(token)}`, URL-encoded.
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  const dot = decoded.lastIndexOf(".");
  if (dot < 1) return null;
  const token = decoded.slice(0, dot);
  const encoded = decoded.slice(dot + 1);
  // better-call's own test, so that no cookie it would refuse is served from here.
  if (encoded.length !== 44 || !encoded.endsWith("=")) return null;
  const signature = Buffer.from(encoded, "base64");
  const expected = createHmac("sha256", secret).update(token).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
  return token;
}

export function createSessionCache<U>(options: SessionCacheOptions): SessionCache<U> {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, Entry<U>>();
  // The verified cookie value of each entry that has one, to its key.
  const byCookie = new Map<string, string>();
  // Bumped by every eviction: a lookup that started before one may have read what it removed.
  let generation = 0;
  const prefix = `${options.cookieName}=`;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    if (entry.cookie !== null) byCookie.delete(entry.cookie);
  }

  function apply(event: SessionEvent) {
    generation += 1;
    if (event.type === "all") {
      entries.clear();
      byCookie.clear();
    } else if (event.type === "session") remove(event.key);
    else for (const [key, entry] of entries) if (entry.userId === event.userId) remove(key);
  }

  function get(key: string): U | undefined {
    if (options.ttlMs <= 0) return undefined;
    const entry = entries.get(key);
    if (!entry) return undefined;
    const t = now();
    if (!options.listening() || t >= entry.sessionExpiresAt || t - entry.storedAt >= options.ttlMs) {
      remove(key);
      return undefined;
    }
    return entry.user;
  }

  const unsubscribe = options.topic.subscribe(apply);

  const cookieOf = (cookieHeader: string | undefined) =>
    cookieHeader ? cookieValue(cookieHeader, prefix) || null : null;

  const verify = (value: string) => verifySignedCookie(value, options.secret);

  function tokenOf(cookieHeader: string | undefined): string | null {
    const value = cookieOf(cookieHeader);
    return value ? verify(value) : null;
  }

  return {
    cookieOf,
    verify,
    tokenOf,
    keyOf: sessionKeyOf,
    keyOfCookie(cookieHeader) {
      const token = tokenOf(cookieHeader ?? undefined);
      return token ? sessionKeyOf(token) : null;
    },
    get,
    getByCookie(cookie) {
      const key = byCookie.get(cookie);
      return key === undefined ? undefined : get(key);
    },
    mark: () => generation,
    set(key, mark, value) {
      if (options.ttlMs <= 0 || mark !== generation || !options.listening()) return;
      remove(key);
      if (entries.size >= maxEntries) remove(entries.keys().next().value!);
      // One cookie value holds one token, so it can only have been stored under this key.
      const cookie = value.cookie ?? null;
      if (cookie !== null) byCookie.set(cookie, key);
      entries.set(key, {
        user: value.user,
        userId: value.userId,
        sessionExpiresAt: value.sessionExpiresAt.getTime(),
        storedAt: now(),
        cookie,
      });
    },
    async revoke(event) {
      // Here at once, whatever the notification's fate; every instance (this one again) on NOTIFY.
      apply(event);
      try {
        await options.topic.publish(event);
      } catch (err) {
        // The change itself is committed: failing the request now would only hide that (a sign-out
        // would lose its cookie-clearing answer). Other instances keep the entry until its TTL.
        options.log?.error({ err, type: event.type }, "session cache: eviction not published");
      }
    },
    apply,
    size: () => entries.size,
    close: unsubscribe,
  };
}

/** Only whitespace, as String.prototype.trim reads it (`\s` is the same set). */
const BLANK = /^\s*$/;

/**
 * The first cookie named by `prefix` (`name=`) in a Cookie header, as better-call reads it: the
 * first `;`-separated part that, trimmed, starts with `prefix`. Read with indexOf, not split: it
 * runs on every signed-in call (decision 026).
 */
function cookieValue(header: string, prefix: string): string | null {
  for (let at = header.indexOf(prefix); at !== -1; at = header.indexOf(prefix, at + 1)) {
    const partStart = header.lastIndexOf(";", at - 1) + 1;
    if (partStart < at && !BLANK.test(header.slice(partStart, at))) continue;
    const end = header.indexOf(";", at);
    let value = header.slice(at + prefix.length, end === -1 ? undefined : end).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    return value;
  }
  return null;
}
