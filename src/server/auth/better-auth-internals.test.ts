import { AsyncLocalStorage } from "node:async_hooks";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { projectRoot } from "../paths";
import { PASSWORD, signedInUser } from "../testing/auth-helpers";
import { describeWithApp, within } from "../testing/test-app";
import { betterAuthStorages } from "./quiet-async-context";

/*
 * What Balcão relies on inside better-auth beyond its documented calls: where it keeps its
 * AsyncLocalStorages (quiet-async-context.ts, decision 026), how it signs and stores the session
 * token (session-cache.ts, decision 012) and the members of `$context` we read. package.json pins
 * better-auth to one version (it pins @better-auth/* and better-call itself); an upgrade that
 * changes any of this fails here, not in production.
 */

type PackageJson = { version: string; dependencies?: Record<string, string> };
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as PackageJson;
const packageJson = (name: string) => readJson(path.join(projectRoot, "node_modules", name, "package.json"));
const EXACT = /^\d+\.\d+\.\d+$/;

describe("better-auth's version", () => {
  it("is pinned to the one installed, and so are the packages of its own that it depends on", () => {
    const ours = readJson(path.join(projectRoot, "package.json")).dependencies ?? {};
    const betterAuth = packageJson("better-auth");
    expect(ours["better-auth"]).toMatch(EXACT);
    expect(ours["better-auth"]).toBe(betterAuth.version);
    const own = Object.entries(betterAuth.dependencies ?? {}).filter(
      ([name]) => name.startsWith("@better-auth/") || name === "better-call",
    );
    expect(own.map(([name]) => name)).toContain("@better-auth/core");
    for (const [name, range] of own) {
      expect(range, name).toMatch(EXACT);
      expect(packageJson(name).version, name).toBe(range);
    }
    // The passkey plugin (docs/decisions/056) is the one other @better-auth package of ours: pinned,
    // and sharing better-auth's own copies (package.json's overrides), so no second global context.
    expect(Object.keys(ours).filter((name) => name.startsWith("@better-auth/"))).toEqual([
      "@better-auth/passkey",
    ]);
    expect(ours["@better-auth/passkey"]).toMatch(EXACT);
    expect(packageJson("@better-auth/passkey").version).toBe(ours["@better-auth/passkey"]);
    for (const name of ["@better-auth/core", "@better-auth/utils", "better-call", "better-auth"]) {
      expect(
        existsSync(path.join(projectRoot, "node_modules/@better-auth/passkey/node_modules", name)),
        name,
      ).toBe(false);
    }
  });
});

const GLOBAL = Symbol.for("better-auth:global");

describeWithApp(
  "better-auth's internals",
  { env: { REQUIRE_EMAIL_VERIFICATION: "false", BALCAO_QUIET_AUTH_CONTEXT: "on" } },
  (ctx) => {
    afterEach(() => vi.restoreAllMocks());

    it("runs only AsyncLocalStorages that quiet-async-context finds, in its process-wide context", async () => {
      const run = vi.spyOn(AsyncLocalStorage.prototype, "run");
      const ana = await signedInUser(ctx(), "ana@agencia.digital", "Ana Souza");
      // A session cache miss asks better-auth (auth.plugin.ts loadUser).
      ctx().app.sessions.apply({ type: "all" });
      expect((await ctx().app.inject({ url: "/api/me", headers: { cookie: ana.cookie } })).statusCode).toBe(
        200,
      );
      const ran = new Set(run.mock.contexts);
      run.mockRestore();

      const global = (globalThis as Record<symbol, { version?: string; context?: object } | undefined>)[
        GLOBAL
      ];
      expect(global?.version).toBe(packageJson("better-auth").version);
      const found = betterAuthStorages();
      expect(found.length).toBeGreaterThan(0);
      // Every storage better-auth ran during those calls is one that is disabled when it is quiet.
      expect(ran.size).toBeGreaterThan(0);
      for (const storage of ran) expect(found).toContain(storage);
      // Nothing storage-like that is not Node's own (a polyfill would escape the instanceof test).
      for (const value of Object.values(global?.context ?? {})) {
        if (value && typeof (value as { getStore?: unknown }).getStore === "function") {
          expect(value).toBeInstanceOf(AsyncLocalStorage);
        }
      }
    });

    it("works with its storages disabled before every call, as a quiet time leaves them", async () => {
      const quiet = () => {
        for (const storage of betterAuthStorages()) storage.disable();
        ctx().app.sessions.apply({ type: "all" });
      };
      await signedInUser(ctx(), "bia@agencia.digital", "Bia Lima");
      quiet();
      const login = await ctx().app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email: "bia@agencia.digital", password: PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const cookie = String(login.headers["set-cookie"]).split(";")[0]!;
      quiet();
      const me = await ctx().app.inject({ url: "/api/me", headers: { cookie } });
      expect(me.json().user.email).toBe("bia@agencia.digital");
      quiet();
      const out = await ctx().app.inject({
        method: "POST",
        url: "/api/logout",
        headers: { cookie },
        payload: {},
      });
      expect(out.statusCode).toBe(204);
      quiet();
      expect((await ctx().app.inject({ url: "/api/me", headers: { cookie } })).statusCode).toBe(401);
    });

    it("signs the session cookie as session-cache.ts checks it, and stores the token as it is", async () => {
      const ana = await signedInUser(ctx(), "ana@agencia.digital", "Ana Souza");
      const context = await ctx().app.auth.$context;
      expect(context.authCookies.sessionToken.name).toBe("balcao.session_token");
      const value = ctx().app.sessions.cookieOf(ana.cookie);
      expect(value).not.toBeNull();
      const token = ctx().app.sessions.verify(value!);
      expect(token).not.toBeNull();
      // auth.plugin.ts caches a session only when getSession's token is the cookie's.
      const rows = await ctx().database.db.execute(sql`select token from sessions`);
      expect(rows.rows.map((row) => row.token)).toContain(token);
      await within(5000, async () => ctx().app.liveBus.listening());
      await ctx().app.inject({ url: "/api/me", headers: { cookie: ana.cookie } });
      expect(ctx().app.sessions.getByCookie(value!)).toMatchObject({ email: "ana@agencia.digital" });
    });

    it("has the $context members pending sign-ups and the magic link's landing use", async () => {
      const context = await ctx().app.auth.$context;
      // pending-sign-ups.service.ts: a password hashed here is one better-auth's sign-in accepts.
      const hash = await context.password.hash(PASSWORD);
      expect(await context.password.verify({ hash, password: PASSWORD })).toBe(true);
      const id = context.generateId({ model: "user" });
      expect(id === false || typeof id === "string").toBe(true);
      // auth.plugin.ts builds the landing's Request on it.
      expect(ctx().app.auth.options.baseURL).toBe(ctx().config.publicUrl);
    });
  },
);
