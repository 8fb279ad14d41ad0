import { AsyncLocalStorage } from "node:async_hooks";

/*
 * better-auth keeps its request state and its database adapter in AsyncLocalStorage instances. On
 * Node 20, from the first time one of them is `run()`, every promise, tick and socket write of the
 * process pays the async hooks that carry their stores along — a fifth of what a signed-in call
 * served from the session cache costs (decision 026). Their stores only matter while
 * better-auth is at work, which with the session cache is rare (sign-in, sign-out, a cache miss).
 *
 * So every call into better-auth (`auth.handler`, `auth.api.*`) is counted, and once none has
 * been in flight for `quietMs`, its storages are disabled, and Node's hooks with them. The next
 * call's own `run()` enables them again (Node's `AsyncLocalStorage.run`). A store read outside any
 * run is undefined either way. Without a `backgroundTasks` handler, better-auth awaits its
 * background work before a call returns (only its phone-number plugin, unused here, leaves work
 * running), so the quiet time is a margin, not a guess at how long that work takes.
 *
 * A seam: app.ts wraps better-auth in it unless BALCAO_QUIET_AUTH_CONTEXT=off (seams.ts). It reaches
 * into better-auth's internals, which better-auth-internals.test.ts holds to the pinned version.
 */

export const QUIET_MS = 1_000;

/** better-auth's storages, kept in its process-wide context (`Symbol.for("better-auth:global")`). */
export function betterAuthStorages(): AsyncLocalStorage<unknown>[] {
  const global = (globalThis as Record<symbol, { context?: Record<string, unknown> } | undefined>)[
    Symbol.for("better-auth:global")
  ];
  return Object.values(global?.context ?? {}).filter(
    (value): value is AsyncLocalStorage<unknown> => value instanceof AsyncLocalStorage,
  );
}

type AuthLike = { handler: (...args: never[]) => unknown; api: object };

/*
 * One count for the process, not one per auth object: the storages are better-auth's, shared by
 * every instance in the process (tests build several apps in one), so one instance going quiet
 * must not disable them under another's call.
 */
let inFlight = 0;
let timer: NodeJS.Timeout | undefined;

function quiet() {
  timer = undefined;
  if (inFlight === 0) for (const storage of betterAuthStorages()) storage.disable();
}

export function quietAsyncContext<A extends AuthLike>(auth: A, quietMs = QUIET_MS): A {
  const leave = () => {
    inFlight -= 1;
    if (inFlight > 0) return;
    clearTimeout(timer);
    timer = setTimeout(quiet, quietMs);
    timer.unref();
  };
  const counted = <F extends (...args: never[]) => unknown>(call: F): F =>
    function (this: unknown, ...args: Parameters<F>) {
      inFlight += 1;
      clearTimeout(timer);
      let result: unknown;
      try {
        result = call.apply(this, args);
      } catch (err) {
        leave();
        throw err;
      }
      return Promise.resolve(result).finally(leave);
    } as F;

  const wrapped = new Map<PropertyKey, unknown>();
  const api = new Proxy(auth.api, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      if (!wrapped.has(key)) wrapped.set(key, Object.assign(counted(value.bind(target)), value));
      return wrapped.get(key);
    },
  });
  const handler = counted(auth.handler);
  return new Proxy(auth, {
    get(target, key, receiver) {
      if (key === "api") return api;
      if (key === "handler") return handler;
      return Reflect.get(target, key, receiver);
    },
  });
}
