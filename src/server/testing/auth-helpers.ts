import type { TestContext } from "./test-app";

export const PASSWORD = "segredo123";

export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(";")[0]).join("; ");
}

export async function register(ctx: TestContext, body: Record<string, unknown>) {
  return ctx.app.inject({ method: "POST", url: "/api/register", payload: body });
}

/** Registers, follows the confirmation link from the SMTP sink, and signs in: the cookie of a real session. */
export async function signedInUser(ctx: TestContext, email: string, name = "Pessoa Teste") {
  const registered = await register(ctx, { name, email, password: PASSWORD, confirmPassword: PASSWORD });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  if (ctx.config.requireEmailVerification) {
    const confirmed = await confirmEmail(ctx, email, cookieHeader(registered.headers["set-cookie"]));
    if (confirmed.statusCode !== 200) throw new Error(`confirmation failed: ${confirmed.body}`);
  }
  const login = await ctx.app.inject({
    method: "POST",
    url: "/api/login",
    payload: { email, password: PASSWORD },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return { cookie: cookieHeader(login.headers["set-cookie"]), user: login.json().user as { id: string } };
}

/** The path and query of the latest confirmation link e-mailed to `email`. */
export async function confirmationLink(ctx: TestContext, email: string) {
  const mail = await ctx.mail.waitFor(email, { subject: /Confirme/ });
  const link = new URL(mail.links[0]!);
  return link.pathname + link.search;
}

/**
 * Opens the latest confirmation link of `email` and clicks 'Confirmar email' on its page, as the
 * browser of `cookie` (the registering browser's, from the sign-up's answer): the POST's answer.
 */
export async function confirmEmail(ctx: TestContext, email: string, cookie?: string) {
  const link = await confirmationLink(ctx, email);
  const opened = await ctx.app.inject({
    method: "GET",
    url: link,
    ...(cookie ? { headers: { cookie } } : {}),
  });
  if (opened.statusCode !== 302) throw new Error(`confirmation link answered ${opened.statusCode}`);
  return ctx.app.inject({
    method: "POST",
    url: "/api/confirm-email/this-browser",
    payload: { token: new URL(link, "http://localhost").searchParams.get("token") ?? "" },
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

export async function passwordLogin(ctx: TestContext, email: string, password = PASSWORD) {
  return ctx.app.inject({ method: "POST", url: "/api/login", payload: { email, password } });
}

/**
 * The click on the page an e-mailed sign-in link opens (`/link-de-acesso?token=…&next=…`): the
 * only request that spends the link. 200 `{ to }` with the session's cookie, or 400.
 */
export async function clickMagicLink(ctx: TestContext, link: string, cookie?: string) {
  const url = new URL(link, "http://localhost");
  const next = url.searchParams.get("next");
  return ctx.app.inject({
    method: "POST",
    url: "/api/magic-link/verify",
    payload: { token: url.searchParams.get("token") ?? "", ...(next ? { next } : {}) },
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

/** Asks for a magic link and returns the path and query of the link the e-mail carries. */
export async function requestMagicLink(ctx: TestContext, email: string) {
  const sent = await ctx.app.inject({ method: "POST", url: "/api/magic-link", payload: { email } });
  if (sent.statusCode !== 200) throw new Error(`magic link refused: ${sent.body}`);
  const mail = await ctx.mail.waitFor(email, { subject: /link de acesso/ });
  const link = new URL(mail.links[0]!);
  return link.pathname + link.search;
}
