import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createLocalBus } from "../live/bus";
import { createSessionCache } from "./session-cache";

const SECRET = "test-secret-test-secret-test-secret-0123";

function setup(options: { listening?: () => boolean; ttlMs?: number } = {}) {
  const bus = createLocalBus();
  let time = 1_000_000;
  const cache = createSessionCache<{ id: string }>({
    secret: SECRET,
    cookieName: "balcao.session_token",
    ttlMs: options.ttlMs ?? 30_000,
    topic: bus.sessions,
    listening: options.listening ?? (() => true),
    now: () => time,
  });
  return { cache, bus, advance: (ms: number) => (time += ms), at: () => time };
}

const signed = (token: string) =>
  `balcao.session_token=${encodeURIComponent(`${token}.${createHmac("sha256", SECRET).update(token).digest("base64")}`)}`;

describe("session cache", () => {
  it("reads the token of a cookie signed with our secret only", () => {
    const { cache } = setup();
    expect(cache.tokenOf(`other=1; ${signed("abc")}`)).toBe("abc");
    expect(cache.tokenOf(signed("abc").replace("abc", "abd"))).toBeNull();
    expect(cache.tokenOf("balcao.session_token=abc")).toBeNull();
    expect(cache.tokenOf(undefined)).toBeNull();
  });

  it("does not store what a lookup read before an eviction came in", () => {
    const { cache, at } = setup();
    const mark = cache.mark();
    cache.apply({ type: "user", userId: "u1" });
    cache.set("k", mark, { user: { id: "u1" }, userId: "u1", sessionExpiresAt: new Date(at() + 60_000) });
    expect(cache.get("k")).toBeUndefined();
    cache.set("k", cache.mark(), {
      user: { id: "u1" },
      userId: "u1",
      sessionExpiresAt: new Date(at() + 60_000),
    });
    expect(cache.get("k")).toEqual({ id: "u1" });
  });

  it("forgets a session at its expiry, after the TTL, and on every kind of eviction", async () => {
    const { cache, advance, at, bus } = setup();
    const put = (key: string, userId: string, life = 60_000) =>
      cache.set(key, cache.mark(), { user: { id: userId }, userId, sessionExpiresAt: new Date(at() + life) });
    put("a", "u1", 1000);
    advance(1000);
    expect(cache.get("a")).toBeUndefined();
    put("b", "u1");
    advance(30_000);
    expect(cache.get("b")).toBeUndefined();

    put("c", "u1");
    put("d", "u2");
    await bus.sessions.publish({ type: "session", key: "c" });
    expect(cache.get("c")).toBeUndefined();
    expect(cache.get("d")).toEqual({ id: "u2" });
    await cache.revoke({ type: "user", userId: "u2" });
    expect(cache.get("d")).toBeUndefined();
    put("e", "u3");
    await cache.revoke({ type: "all" });
    expect(cache.size()).toBe(0);
  });

  it("caches nothing while evictions from other instances may be missed, or with a TTL of 0", () => {
    let listening = false;
    const { cache, at } = setup({ listening: () => listening });
    const value = { user: { id: "u1" }, userId: "u1", sessionExpiresAt: new Date(at() + 60_000) };
    cache.set("k", cache.mark(), value);
    expect(cache.get("k")).toBeUndefined();
    listening = true;
    cache.set("k", cache.mark(), value);
    listening = false;
    expect(cache.get("k")).toBeUndefined();
    const off = setup({ ttlMs: 0 }).cache;
    off.set("k", off.mark(), value);
    expect(off.get("k")).toBeUndefined();
  });

  it("reads the session cookie's value out of any Cookie header as better-call does", () => {
    const { cache } = setup();
    const name = "balcao.session_token";
    const cases: [string | undefined, string | null][] = [
      [undefined, null],
      ["", null],
      [`${name}=v1`, "v1"],
      [`a=1; ${name}=v1; b=2`, "v1"],
      [`a=1;${name}=v1`, "v1"],
      [`a=1;\t ${name}= v1 ;b=2`, "v1"],
      [`${name}="v1"`, "v1"],
      // Only a whole name counts: a longer name, or the name inside another cookie's value.
      [`x${name}=bad; ${name}=v1`, "v1"],
      [`a=${name}=bad; ${name}=v1`, "v1"],
      [`a=${name}=bad`, null],
      [`__Secure-${name}=bad`, null],
      // The first of two wins, as in better-call's parser.
      [`${name}=v1; ${name}=v2`, "v1"],
      [`${name}=`, null],
      [`${name}`, null],
    ];
    for (const [header, expected] of cases)
      expect([header, cache.cookieOf(header)]).toEqual([header, expected]);
  });

  it("finds a person by the cookie value that was verified, and loses it with its entry", async () => {
    const { cache, at, advance } = setup();
    const value = (token: string) => signed(token).slice("balcao.session_token=".length);
    const put = (token: string, userId: string, life = 60_000) =>
      cache.set(cache.keyOf(token), cache.mark(), {
        user: { id: userId },
        userId,
        sessionExpiresAt: new Date(at() + life),
        cookie: value(token),
      });
    expect(cache.cookieOf(`other=1; ${signed("abc")}`)).toBe(value("abc"));
    expect(cache.verify(value("abc"))).toBe("abc");
    put("abc", "u1");
    expect(cache.getByCookie(value("abc"))).toEqual({ id: "u1" });
    // Another spelling of the cookie (or a forged one) is never a hit by its bytes.
    expect(cache.getByCookie(value("abd"))).toBeUndefined();
    expect(cache.getByCookie(`${value("abc")}x`)).toBeUndefined();

    await cache.revoke({ type: "session", key: cache.keyOf("abc") });
    expect(cache.getByCookie(value("abc"))).toBeUndefined();
    put("abc", "u1");
    await cache.revoke({ type: "user", userId: "u1" });
    expect(cache.getByCookie(value("abc"))).toBeUndefined();
    put("abc", "u1");
    await cache.revoke({ type: "all" });
    expect(cache.getByCookie(value("abc"))).toBeUndefined();
    put("abc", "u1", 1000);
    advance(1000);
    expect(cache.getByCookie(value("abc"))).toBeUndefined();
    put("abc", "u1");
    advance(30_000);
    expect(cache.getByCookie(value("abc"))).toBeUndefined();
  });
});
