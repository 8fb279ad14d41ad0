/*
 * Where sign-in may send someone back to (decision 011): the page of a request,
 * which e-mails link to. Only that shape of same-origin path is accepted, so
 * a crafted /login?next=… or magic-link request cannot send anyone elsewhere
 * (no open redirect: no scheme, no host, no '//', no backslash, no dot segments).
 */
const REQUEST_PAGE = /^\/solicitacoes\/[a-z][a-z-]{0,39}\/[A-Za-z0-9-]{1,64}$/;

/** The path itself when it is a request's page, otherwise null. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length > 200) return null;
  return REQUEST_PAGE.test(value) ? value : null;
}
