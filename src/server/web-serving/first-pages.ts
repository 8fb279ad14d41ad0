import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Me } from "@/domain/auth/auth.schema";
import { secondFactorOwed } from "@/domain/auth/second-factor-codes";
import { withPrerendered } from "@/domain/shell/first-page";
import { sidebarOpenFromCookies } from "@/domain/shell/sidebar-state";
import type { CurrentUser } from "../auth/auth.plugin";

/** What GET /api/me answers for this person: all the drawn page may show of them. */
const meOf = (user: CurrentUser): Me => ({
  user: { id: user.id, email: user.email, name: user.name },
  access: user.access,
  secondFactor: user.secondFactor,
});

/** src/web/app/first-pages/prerender-home.tsx's renderHomePage. */
export type HomeRenderer = (me: Me, options: { sidebarOpen?: boolean }) => Promise<string>;

/**
 * The home page's renderer as the build bundled it (scripts/build-server.mjs: React's server
 * renderer and the pages' components, from src/web, which the server's own code never imports),
 * loaded with the first signed-in GET /, never at start.
 */
export function builtHomeRenderer(file: string): (() => Promise<HomeRenderer>) | undefined {
  if (!existsSync(file)) return undefined;
  return async () => (await import(pathToFileURL(file).href)).renderHomePage;
}

/**
 * The two first pages, with what they need named in the HTML (decisions 025 and 027):
 *  - GET /login without a session cookie: login.html, the sign-in card drawn at build time;
 *  - GET / for a signed-in person: home.html with their home page drawn by the server, so a phone
 *    draws it once the HTML and the stylesheet are in; it names them, so it is never stored
 *    (`no-store`). A session cookie that is not a session, or a drawing that failed, gets
 *    home.html undrawn, and the app decides as anywhere.
 * Otherwise, or before such a build, index.html.
 */
export function registerFirstPages(
  app: FastifyInstance,
  options: {
    webRoot: string;
    indexHtml: string;
    sessionCookieName: string;
    /** Without one (a build without the renderer), / is sent undrawn. */
    loadHomeRenderer: (() => Promise<HomeRenderer>) | undefined;
  },
) {
  const read = (name: string) => {
    const file = path.join(options.webRoot, name);
    return existsSync(file) ? readFileSync(file, "utf8") : null;
  };
  const loginHtml = read("login.html");
  const homeHtml = read("home.html");
  if (!loginHtml || !homeHtml) return;
  const { indexHtml } = options;
  const sessionCookie = `${options.sessionCookieName}=`;
  const load = options.loadHomeRenderer;
  let loading: Promise<HomeRenderer> | undefined;
  const homeRenderer = (from: () => Promise<HomeRenderer>) =>
    (loading ??= from().catch((error) => {
      // A module that failed to load is tried again by the next request.
      loading = undefined;
      throw error;
    }));

  const html = (reply: FastifyReply, cacheControl: string, body: string) =>
    reply
      .header("cache-control", cacheControl)
      .header("vary", "cookie")
      .type("text/html; charset=utf-8")
      .send(body);

  app.get("/login", { schema: { hide: true } }, async (request, reply) =>
    html(reply, "no-cache", request.headers.cookie?.includes(sessionCookie) ? indexHtml : loginHtml),
  );

  app.get("/", { schema: { hide: true }, preHandler: app.identifyUser }, async (request, reply) => {
    if (!request.headers.cookie?.includes(sessionCookie)) return html(reply, "no-cache", indexHtml);
    const user = request.user;
    // Who must enrol a second factor first is shown nothing of the portal (docs/decisions/055).
    if (!user || !load || secondFactorOwed(user.secondFactor)) return html(reply, "no-store", homeHtml);
    try {
      const markup = await (await homeRenderer(load))(meOf(user), {
        sidebarOpen: sidebarOpenFromCookies(request.headers.cookie),
      });
      return html(reply, "no-store", withPrerendered(homeHtml, "home", markup));
    } catch (error) {
      request.log.error({ err: error }, "drawing the home page failed; home.html sent undrawn");
      return html(reply, "no-store", homeHtml);
    }
  });
}
