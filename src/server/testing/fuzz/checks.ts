import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { ApiErrorSchema } from "@/domain/auth/auth.schema";
import type { ConcreteCall } from "./build-request";
import { isUnsafe } from "./openapi";
import type { Actor } from "./world";

/*
 * What every answer must be, whoever asked and whatever they sent: never a 5xx; a 4xx is
 * the API's error JSON in Portuguese, naming no internal; a cross-site write never succeeds;
 * signed out, only the public routes answer 2xx; and no answer carries a marker of a row the
 * asker may not read (markers.ts).
 */

export type Answer = { status: number; headers: Record<string, unknown>; body: string };

/** Routes that answer signed-out callers (their own checks: a token, a signature, a password). */
const PUBLIC = [
  /^\/(healthz|readyz)$/,
  /^\/api\/(config|register|login|magic-link|magic-link\/verify|logout)$/,
  /^\/api\/confirm-email(\/pending|\/resend|\/this-browser)?$/,
  // 'Esqueci minha senha' (docs/decisions/050): the request answers alike for anyone; the reset needs the link.
  /^\/api\/password-reset(\/request)?$/,
  // A sign-in's second step and a passkey's sign-in (docs/decisions/054, 056): signing in is what they are.
  /^\/api\/login\/(segundo-fator|chave-de-acesso(\/opcoes)?)$/,
  /^\/api\/publico\//,
  /^\/api\/auth\//,
  /^\/api\/anexos\/[^/]+\/download$/,
  /^\/api\/planejamentos\/[^/]+\/conteudo$/,
];

const ALLOWED_ERROR_KEYS = new Set(["message", "description", "code", "fields", "status"]);

/** Signs of an internal: a stack frame, an exception's name, SQL or the database's words, a source path. */
const INTERNALS: [RegExp, string][] = [
  [/\bat [\w.<>$]+ \(|\n\s+at /, "a stack trace"],
  [/\b[A-Z]\w*(Error|Exception)\b/, "an exception's name"],
  [/\b(select|insert|update|delete)\b.+\b(from|into|set|where)\b/i, "SQL"],
  [
    /\b(relation|column|constraint|syntax error at|violates|duplicate key|invalid input syntax|SQLSTATE)\b/i,
    "a database message",
  ],
  [/(\/src\/|node_modules|file:\/\/|\.ts:\d+|\.js:\d+)/, "a source path"],
  [/\b(FST_\w+|ERR_\w+|E(CONN\w+|ADDR\w+|PIPE|NOENT|ACCES|PERM|TIMEDOUT|NOTFOUND))\b/, "an error code"],
  [/\b(drizzle|pglite|postgres|zod|fastify|better-auth|undici|nodemailer)\b/i, "a library"],
];

/** Words of an English message; a Portuguese one has none of them. */
const ENGLISH =
  /\b(the|must|should|expected|received|invalid|required|error|failed|cannot|unexpected|property|not found|too (big|small|long|short|many)|is not|does not|unknown|missing|allowed|please)\b/i;
const PORTUGUESE =
  /[áàâãéêíóôõúç]|\b(a|o|e|as|os|ao|de|do|da|dos|das|em|no|na|um|uma|para|pelo|pela|com|por|ou|que|se|seu|sua|este|esta|mais|muito|deve|ter)\b/i;

export function decodedBody(body: Buffer, encoding: unknown): string {
  if (encoding === "br") return brotliDecompressSync(body).toString("utf8");
  if (encoding === "gzip") return gunzipSync(body).toString("utf8");
  return body.toString("utf8");
}

/** The text with every string the call sent taken out: an echo of the input is not the server's own word. */
function withoutEcho(text: string, sent: string[]) {
  let out = text;
  for (const s of sent) if (s.length >= 3) out = out.split(s).join(" ");
  return out;
}

function errorBodyProblems(answer: Answer, call: ConcreteCall): string[] {
  const type = String(answer.headers["content-type"] ?? "");
  if (!type.startsWith("application/json"))
    return [`a ${answer.status} that is not JSON (${type || "no type"})`];
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    return [`a ${answer.status} whose body is not valid JSON`];
  }
  const shape = ApiErrorSchema.safeParse(parsed);
  if (!shape.success) return [`a ${answer.status} whose body is not the API's error shape`];
  const problems: string[] = [];
  const extra = Object.keys(parsed as object).filter((key) => !ALLOWED_ERROR_KEYS.has(key));
  if (extra.length) problems.push(`a ${answer.status} with keys beyond the error shape: ${extra.join(", ")}`);
  const error = shape.data;
  const texts = [error.message, error.description ?? "", ...Object.values(error.fields ?? {})];
  for (const text of texts) {
    const own = withoutEcho(text, call.sentTexts);
    for (const [pattern, what] of INTERNALS) {
      if (pattern.test(own)) problems.push(`a ${answer.status} naming ${what}: ${JSON.stringify(text)}`);
    }
    if (ENGLISH.test(own)) problems.push(`a ${answer.status} in English: ${JSON.stringify(text)}`);
  }
  if (!PORTUGUESE.test(withoutEcho(`${error.message} ${error.description ?? ""}`, call.sentTexts))) {
    problems.push(`a ${answer.status} whose message is not Portuguese: ${JSON.stringify(error.message)}`);
  }
  return problems;
}

/** The path a call reaches, as the router reads it: `/%61pi/x` is `/api/x`, `/x/%2e%2e/healthz` is `/healthz`. */
export function routedPath(url: string): string {
  const path = url.split("?")[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return path;
  }
  return new URL(`http://fuzz${decoded.startsWith("/") ? "" : "/"}${decoded}`).pathname.replace(/\/+/g, "/");
}

export function answerProblems(call: ConcreteCall, answer: Answer, actor: Actor, hidden: string[]): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`answered ${answer.status}`);
  else if (answer.status >= 400) problems.push(...errorBodyProblems(answer, call));
  const crossSite = call.headers.origin !== undefined || call.headers["sec-fetch-site"] !== undefined;
  if (crossSite && isUnsafe(call.method) && answer.status < 400) {
    problems.push(`a cross-site ${call.method} was carried out (${answer.status})`);
  }
  const signedOut = actor.cookie === null || call.headers.cookie !== actor.cookie;
  // The web app's page (the history fallback) is public; anything else signed out must be a public route.
  const page = String(answer.headers["content-type"] ?? "").startsWith("text/html");
  if (signedOut && answer.status < 300 && !page && !PUBLIC.some((p) => p.test(routedPath(call.url)))) {
    problems.push(`signed out, a private route answered ${answer.status}`);
  }
  for (const marker of hidden) {
    if (answer.body.includes(marker))
      problems.push(`the answer shows ${marker}, which this person may not read`);
  }
  return problems;
}
