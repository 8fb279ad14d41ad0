import { decodeEscapes } from "./routed-path";
import { sourceMappedStack } from "./source-mapped-stack";

/*
 * Credentials that travel in URLs (ASVS 16.2.5: never in the logs): the token of
 * an e-mailed link, the signature of an attachment link (it opens a receipt
 * without a session for ATTACHMENT_LINK_TTL, 7 days by default), the token of a
 * plan's callback_url, the `code` and `state` an identity provider sends back (docs/decisions/052). Any text that may hold such a URL — a request's URL, an
 * error message, what an automation answered — goes through `redactUrlSecrets`
 * before it is logged or kept. Also matched percent-encoded, as in a URL carried
 * inside another URL's query (`?next=…%3Fsignature%3D…`).
 */
const SECRET_PARAM =
  /((?:[?&]|%3F|%26)(?:token|code|state|secret|signature|password|access_token|refresh_token|id_token|api_?key)(?:=|%3D))[^&\s"'<>#\\]*/gi;

/**
 * A shared plan's link carries its token in the path (decision 020): the client's page and its API.
 * So does better-auth's own reset link, which nobody is sent and auth.plugin.ts answers 404, but
 * whose path a guess or an old bookmark may still put in the log (docs/decisions/050). So does a
 * calendar feed's address, which calendar servers fetch all day (docs/decisions/060).
 */
const SECRET_PATH =
  /(\/cliente\/planejamento\/|\/api\/publico\/planejamentos\/|\/api\/auth\/reset-password\/|\/calendario\/)[^/?#\s"'<>\\]+/g;

export const REDACTED = "[redacted]";

/*
 * Matched on the text as written and, where it holds percent-escapes, as the router and the
 * query parser read it (`/api/publico/%70lanejamentos/…` is the share route, `?%74oken=` a
 * token): a respelt URL must not walk around the redaction (docs/decisions/033).
 */
export function redactUrlSecrets(text: string): string {
  const redact = (t: string) =>
    t.replace(SECRET_PARAM, `$1${REDACTED}`).replace(SECRET_PATH, `$1${REDACTED}`);
  const asWritten = redact(text);
  if (!text.includes("%")) return asWritten;
  const decoded = decodeEscapes(text);
  const redactedDecoded = redact(decoded);
  return redactedDecoded === decoded ? asWritten : redactedDecoded;
}

type SerializedError = { [key: string]: unknown; type: string; message: string; stack: string };

/**
 * Pino's `err` serializer, with `redactUrlSecrets` over every string it writes:
 * an error's message often repeats the URL it failed on. The stack points at the sources.
 */
export function serializeError(err: Error, depth = 0): SerializedError {
  // Like pino's own: what is not an error is logged as it is.
  if (!(err instanceof Error)) return err;
  const out: SerializedError = {
    type: err.constructor?.name ?? err.name,
    message: redactUrlSecrets(String(err.message)),
    stack: redactUrlSecrets(sourceMappedStack(String(err.stack ?? ""))),
  };
  for (const [key, value] of Object.entries(err)) {
    if (key in out || key === "cause") continue;
    out[key] = typeof value === "string" ? redactUrlSecrets(value) : value;
  }
  const cause: unknown = err.cause;
  if (cause !== undefined && depth < 3) {
    out.cause =
      cause instanceof Error
        ? serializeError(cause, depth + 1)
        : typeof cause === "string"
          ? redactUrlSecrets(cause)
          : cause;
  }
  return out;
}
