import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Me } from "@/domain/auth/auth.schema";
import { secondFactorOwed } from "@/domain/auth/second-factor-codes";
import { type FirstPageName, withPageData, withPrerendered } from "@/domain/shell/first-page";
import { sidebarOpenFromCookies } from "@/domain/shell/sidebar-state";
import type { CurrentUser } from "../auth/auth.plugin";

/** What GET /api/me answers for this person: all the drawn page may show of them. */
const meOf = (user: CurrentUser): Me => ({
  user: { id: user.id, email: user.email, name: user.name },
  access: user.access,
  secondFactor: user.secondFactor,
});

/** The signed-in pages the server draws (decision 027: home; decision 068: the others). */
type SignedInPage = Exclude<FirstPageName, "login">;

/** src/web/app/first-pages/prerender-home.tsx's renderHomePage: `page` home unless named. */
export type HomeRenderer = (
  me: Me,
  options: { sidebarOpen?: boolean; page?: SignedInPage; address?: string; data?: unknown },
) => Promise<string>;

/**
 * What the API answers this person at `url` (a request's page: GET /api/solicitacoes/:tipo/:id),
 * through the app itself, so the same access rules and the same answer; undefined unless 200 (the
 * page is then drawn without it, as the app first draws it, and the app decides).
 */
async function ownAnswer(app: FastifyInstance, url: string, cookie: string): Promise<unknown> {
  const answer = await app.inject({ method: "GET", url, headers: { cookie } });
  return answer.statusCode === 200 ? answer.json() : undefined;
}

/**
 * The signed-in first pages: their address (a route of src/web/app/router.tsx), the HTML the build
 * made for it (build/vite-plugins/first-pages.ts SIGNED_IN_HTML) and who may see it drawn: the
 * page's own access rule, as the app's RequireAccess has it, or else it is sent undrawn and the app
 * decides, as anywhere.
 */
const SIGNED_IN_PAGES: {
  page: SignedInPage;
  url: string;
  html: string;
  may?: (user: CurrentUser) => boolean;
}[] = [
  { page: "home", url: "/", html: "home.html" },
  { page: "solicitacoes", url: "/solicitacoes", html: "solicitacoes.html" },
  { page: "caixa", url: "/caixa", html: "caixa.html", may: (user) => user.access.caixa },
  { page: "solicitacao", url: "/solicitacoes/:tipo/:id", html: "solicitacao.html" },
];

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
 * The first pages, with what they need named in the HTML (decisions 025, 027 and 068):
 *  - GET /login without a session cookie: login.html, the sign-in card drawn at build time;
 *  - GET /, /solicitacoes, /caixa and a request's page for a signed-in person: the page's HTML
 *    with the page drawn by the server for them, so a phone draws it once the HTML and the
 *    stylesheet are in; it names them, so it is never stored (`no-store`). A session cookie that is
 *    not a session, a page they may not open, or a drawing that failed, gets the HTML undrawn, and
 *    the app decides as anywhere.
 * Otherwise, or before such a build, index.html.
 */
export function registerFirstPages(
  app: FastifyInstance,
  options: {
    webRoot: string;
    indexHtml: string;
    sessionCookieName: string;
    /** Without one (a build without the renderer), the pages are sent undrawn. */
    loadHomeRenderer: (() => Promise<HomeRenderer>) | undefined;
  },
) {
  const read = (name: string) => {
    const file = path.join(options.webRoot, name);
    return existsSync(file) ? readFileSync(file, "utf8") : null;
  };
  const loginHtml = read("login.html");
  if (!loginHtml || !read("home.html")) return;
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

  for (const { page, url, html: file, may } of SIGNED_IN_PAGES) {
    // A build before decision 068 made home.html only: its other addresses stay index.html.
    const pageHtml = read(file);
    if (!pageHtml) continue;
    app.get(url, { schema: { hide: true }, preHandler: app.identifyUser }, async (request, reply) => {
      if (!request.headers.cookie?.includes(sessionCookie)) return html(reply, "no-cache", indexHtml);
      const user = request.user;
      // Who must enrol a second factor first is shown nothing of the portal (docs/decisions/055).
      if (!user || !load || secondFactorOwed(user.secondFactor) || (may && !may(user)))
        return html(reply, "no-store", pageHtml);
      try {
        const address = request.url.split("?")[0]!;
        const data =
          page === "solicitacao"
            ? await ownAnswer(app, `/api${address}`, request.headers.cookie ?? "")
            : undefined;
        const markup = await (await homeRenderer(load))(meOf(user), {
          sidebarOpen: sidebarOpenFromCookies(request.headers.cookie),
          page,
          address,
          data,
        });
        const drawn = withPrerendered(pageHtml, page, markup);
        // The answer it was drawn with, for the app to draw the same at once (decision 068).
        return html(reply, "no-store", data === undefined ? drawn : withPageData(drawn, address, data));
      } catch (error) {
        request.log.error({ err: error }, `drawing the page ${page} failed; its HTML sent undrawn`);
        return html(reply, "no-store", pageHtml);
      }
    });
  }
}
