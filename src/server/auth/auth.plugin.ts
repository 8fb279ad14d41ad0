import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Access, SecondFactorGate, User } from "@/domain/auth/auth.schema";
import { safeReturnPath } from "@/domain/auth/return-path";
import { forbidden, unauthorized } from "../http/errors";
import type { MembershipResolver, MemberTeam } from "../modules/teams/membership";
import { AUTH_BASE_PATH, type Auth, LINK_LANDING } from "./auth";
import { refusedBeforeSecondFactor, type SecondFactorGateResolver } from "./second-factor-gate";
import type { SessionCache } from "./session-cache";
import { ssoCallbackPath, ssoLanding } from "./sso";

/*
 * A callback hook, not an async one: on a session cache hit (nearly every call)
 * it finishes without a promise, which matters because better-auth's
 * AsyncLocalStorage makes every promise of the process pay Node 20's async
 * hooks (decision 026).
 */
type SessionHook = (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => void;

export type CurrentUser = User & {
  access: Access;
  /** The teams this person belongs to (decision 011): what they review. */
  teams: MemberTeam[];
  /** Whether this person must, and does, have a second factor (docs/decisions/055). */
  secondFactor: SecondFactorGate;
};

declare module "fastify" {
  interface FastifyInstance {
    auth: Auth;
    /** preValidation/preHandler hook: 401 unless signed in; sets request.user. */
    requireUser: SessionHook;
    /** The same hook, then 403 without `area` (spec §6: the staff areas; decision 011: caixa, admin). */
    requireAccess: (area: keyof Access) => SessionHook;
    /** Sets request.user when signed in and never refuses: a failed lookup is logged and leaves it null. */
    identifyUser: SessionHook;
    /**
     * Who the request's session belongs to now, or null once it has ended (signed out, the person
     * removed): what a long-lived request asks again while it stays open (docs/decisions/030).
     * From the cache, which every ending of a session evicts on every instance.
     */
    reauthorise: (request: FastifyRequest) => Promise<CurrentUser | null>;
    /**
     * Whether the session this request came with has ended since it was looked up, asked of the
     * database past the cache; if it has, every instance forgets it at once.
     */
    sessionEnded: (request: FastifyRequest) => Promise<boolean>;
  }
  interface FastifyRequest {
    user: CurrentUser | null;
  }
}

/**
 * The request's headers for better-auth. It records the session's IP from
 * X-Forwarded-For as sent, which any client can write; so that header carries
 * only the address Fastify resolved under TRUST_PROXY.
 */
export function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === "x-forwarded-for") continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  if (request.ip) headers.set("x-forwarded-for", request.ip);
  return headers;
}

export function copySetCookies(from: Headers, reply: FastifyReply) {
  const cookies = from.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
}

/*
 * Of better-auth's endpoints none but the identity providers' callbacks is
 * reachable from outside; sign-up, sign-in and sign-out go through our routes,
 * which apply the spec's rules, messages and rate limits before calling
 * auth.api. E-mail confirmation is ours too (GET /api/confirm-email): its
 * /verify-email stays closed, so no better-auth token can confirm an address.
 * So do /reset-password/<token> and the session endpoints: the reset link opens
 * our page, and 'Minha conta' lists sessions without their tokens (docs/decisions/050, 051).
 * Each configured identity provider's callback is open; its start is our POST /api/sso/:provider
 * (docs/decisions/052). The magic link's verify is called by our POST /api/magic-link/verify only
 * (magic-link.ts); its address, in e-mails sent before that, redirects to the page.
 */
export const MAGIC_LINK_VERIFY_PATH = `${AUTH_BASE_PATH}/magic-link/verify`;
/** Confirmation links e-mailed before pending sign-ups: they confirm nothing, and say so on /login. */
const RETIRED_CONFIRMATION_PATH = `${AUTH_BASE_PATH}/verify-email`;

type AuthPluginOptions = {
  auth: Auth;
  membership: MembershipResolver;
  sessions: SessionCache<CurrentUser>;
  secondFactor: SecondFactorGateResolver;
  /** The identity providers configured: their callbacks are reachable (docs/decisions/052). */
  ssoProviders: string[];
};

/**
 * Who is signed in, for a session cookie the cache does not know by its bytes:
 * from the cache by the token when the signature is ours (decision 012), else
 * from better-auth and the teams table, then cached.
 */
function createUserLoader({ auth, membership, sessions, secondFactor }: AuthPluginOptions) {
  return async function loadUser(request: FastifyRequest, cookie: string): Promise<CurrentUser | null> {
    // No cookie signed with our secret: better-auth would answer "nobody" without a lookup too.
    const token = sessions.verify(cookie);
    if (!token) return null;
    const key = sessions.keyOf(token);
    const cached = sessions.get(key);
    if (cached) return cached;
    const mark = sessions.mark();
    const session = await auth.api.getSession({ headers: toWebHeaders(request) });
    if (!session) return null;
    const { id, email, name } = session.user;
    const member = await membership.of(email);
    const gate = await secondFactor.stateOf({
      userId: id,
      membership: member,
      twoFactorEnabled: Boolean((session.user as { twoFactorEnabled?: boolean }).twoFactorEnabled),
      signInMethod: (session.session as { signInMethod?: string | null }).signInMethod ?? null,
    });
    const user: CurrentUser = { id, email, name, ...member, secondFactor: gate };
    if (session.session.token === token) {
      sessions.set(key, mark, {
        user,
        userId: id,
        sessionExpiresAt: new Date(session.session.expiresAt),
        cookie,
      });
    }
    return user;
  };
}

async function authPlugin(app: FastifyInstance, options: AuthPluginOptions) {
  const { auth, sessions } = options;
  app.decorate("auth", auth);
  app.decorateRequest("user", null);

  const loadUser = createUserLoader(options);

  /** Sets request.user (a hit without a promise), then `then` decides; any failure goes to `done`. */
  function withUser(
    request: FastifyRequest,
    done: (err?: Error) => void,
    then: (user: CurrentUser | null) => Error | undefined,
  ) {
    if (!request.user) {
      const cookie = sessions.cookieOf(request.headers.cookie);
      if (!cookie) return done(then(null));
      // The common case: this very cookie was verified when its person was cached.
      const known = sessions.getByCookie(cookie);
      if (!known) {
        loadUser(request, cookie).then((user) => {
          request.user = user;
          done(then(user));
        }, done);
        return;
      }
      request.user = known;
    }
    done(then(request.user));
  }

  app.decorate("reauthorise", async (request: FastifyRequest) => {
    const cookie = sessions.cookieOf(request.headers.cookie);
    if (!cookie) return null;
    return sessions.getByCookie(cookie) ?? (await loadUser(request, cookie));
  });

  app.decorate("sessionEnded", async (request: FastifyRequest) => {
    const cookie = sessions.cookieOf(request.headers.cookie);
    const token = cookie ? sessions.verify(cookie) : null;
    if (!cookie || !token) return true;
    const key = sessions.keyOf(token);
    // Here only, so that the lookup below reads the database.
    sessions.apply({ type: "session", key });
    if (await loadUser(request, cookie)) return false;
    await sessions.revoke({ type: "session", key });
    return true;
  });

  /** requireUser and every requireAccess(area): they need nothing of the request but its cookie. */
  const guards = new WeakSet<GuardHook>();
  // Someone who must enrol a second factor first gets 403 on all but the enrolment (docs/decisions/055).
  const requireUser = (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) =>
    withUser(request, done, (user) =>
      user ? refusedBeforeSecondFactor(request, user.secondFactor) : unauthorized(),
    );
  guards.add(requireUser);
  app.decorate("requireUser", requireUser);

  app.decorate("identifyUser", (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) =>
    withUser(
      request,
      (error) => {
        if (error) request.log.error({ err: error }, "session lookup failed; answered as signed out");
        done();
      },
      () => undefined,
    ),
  );

  app.decorate("requireAccess", (area: keyof Access) => {
    const guard = (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) =>
      withUser(request, done, (user) => {
        if (!user) return unauthorized();
        const enrolFirst = refusedBeforeSecondFactor(request, user.secondFactor);
        if (enrolFirst) return enrolFirst;
        if (user.access[area]) return undefined;
        request.log.warn({ userId: user.id, area }, "access refused");
        return forbidden();
      });
    guards.add(guard);
    return guard;
  });
  runGuardsFirst(app, guards);

  betterAuthLinkRoute(
    app,
    auth,
    new Set(options.ssoProviders.map((id) => ssoCallbackPath(AUTH_BASE_PATH, id))),
  );
}

/**
 * The only better-auth pages open to the outside: the identity providers' callbacks. The magic
 * link's and the retired confirmation links' addresses only redirect, spending nothing.
 */
function betterAuthLinkRoute(app: FastifyInstance, auth: Auth, ssoCallbacks: Set<string>) {
  app.route({
    method: "GET",
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    async handler(request, reply) {
      const url = new URL(request.url, "http://internal");
      if (url.pathname === RETIRED_CONFIRMATION_PATH) {
        reply.header("cache-control", "no-store");
        return reply.redirect(LINK_LANDING.failed, 302);
      }
      if (url.pathname === MAGIC_LINK_VERIFY_PATH) {
        // A link e-mailed before the sign-in page existed: it opens that page and spends nothing,
        // whoever fetches it (mail scanners fetch every link first: magic-link.ts).
        reply.header("cache-control", "no-store");
        const token = url.searchParams.get("token") ?? "";
        const next = safeReturnPath(url.searchParams.get("callbackURL"));
        return reply.redirect(LINK_LANDING.magicLinkPage(token, next), 302);
      }
      const sso = ssoCallbacks.has(url.pathname);
      if (!sso) return reply.callNotFound();
      const response = await auth.handler(
        new Request(new URL(request.url, auth.options.baseURL), {
          method: "GET",
          headers: toWebHeaders(request),
        }),
      );
      copySetCookies(response.headers, reply);
      reply.header("cache-control", "no-store");
      const location = response.headers.get("location");
      // Signed in, or /login with why not; better-auth's own error page is never shown.
      const landing = ssoLanding(location, auth.options.baseURL as string);
      if (landing.refusal)
        request.log.info({ path: url.pathname, refusal: landing.refusal }, "SSO sign-in refused");
      return reply.redirect(landing.to, 302);
    },
  });
}

export default fp(authPlugin, { name: "auth" });

type GuardHook = (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => void;

/*
 * A route declares its guards in `preValidation`, but Fastify parses the body before that step:
 * signed out, a wrong content type or broken JSON answered 415 or 400 instead of 401, and a body
 * was read for someone who may not send one. The guards need only the cookie, so every route's
 * are moved to the start of its `onRequest` (after the app's own, the origin check among them):
 * 401 and 403 come before the body is read (docs/decisions/033).
 */
function runGuardsFirst(app: FastifyInstance, guards: WeakSet<GuardHook>) {
  app.addHook("onRoute", (route) => {
    const listed = (hooks: unknown) => (hooks ? [hooks].flat() : []) as GuardHook[];
    const before = listed(route.preValidation);
    const moved = before.filter((hook) => guards.has(hook));
    if (moved.length === 0) return;
    const kept = before.filter((hook) => !guards.has(hook));
    route.preValidation = kept.length ? (kept as never) : undefined;
    const onRequest = listed(route.onRequest);
    route.onRequest = [...moved.filter((hook) => !onRequest.includes(hook)), ...onRequest] as never;
  });
}
