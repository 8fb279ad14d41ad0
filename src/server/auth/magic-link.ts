import { type Auth, LINK_LANDING } from "./auth";
import { MAGIC_LINK_VERIFY_PATH } from "./auth.plugin";

/*
 * Mail scanners (Microsoft 365 Safe Links, Google, Proofpoint) fetch every link of a message, with
 * HEAD and then GET and no cookies, before the person clicks; better-auth's verify spends the link
 * on any first request (better-auth#9690). So the e-mail links to our page (`/link-de-acesso`),
 * which spends nothing, and its button's same-origin POST calls better-auth's verify from here.
 */

/** Headers of the person's POST that better-auth's GET must not see. */
const BODY_HEADERS = ["content-type", "content-length", "transfer-encoding"];

/**
 * Spends the e-mailed link `token` for the browser whose `headers` are given: where it goes next
 * (the page asked for, or /login's second step for an account with the app) and the headers whose
 * cookies sign it in; `to` is null when the link is unknown, spent, expired or refused.
 */
export async function spendMagicLink(auth: Auth, headers: Headers, token: string, next: string | null) {
  const base = auth.options.baseURL as string;
  const url = new URL(MAGIC_LINK_VERIFY_PATH, base);
  url.searchParams.set("token", token);
  url.searchParams.set("callbackURL", next ?? LINK_LANDING.signedIn);
  url.searchParams.set("errorCallbackURL", LINK_LANDING.failed);
  const forwarded = new Headers(headers);
  for (const name of BODY_HEADERS) forwarded.delete(name);
  const response = await auth.handler(new Request(url, { method: "GET", headers: forwarded }));
  const location = response.headers.get("location");
  const target = location ? new URL(location, base) : null;
  // better-auth sends every refusal to the error URL, with ?error=…
  if (!target || target.origin !== new URL(base).origin || target.searchParams.has("error")) {
    return { to: null, headers: new Headers() };
  }
  return { to: `${target.pathname}${target.search}`, headers: response.headers };
}
