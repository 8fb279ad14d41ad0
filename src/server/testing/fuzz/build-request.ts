import type { InjectOptions } from "fastify";
import { multipartBody, SAMPLE_EXE, SAMPLE_PDF, SAMPLE_PNG } from "../multipart";
import type { FileSpec, Spelling, SymbolicCall } from "./call-arbitrary";
import type { Operation } from "./openapi";
import { type Actor, materialize, type Pool } from "./world";

/*
 * A generated call made concrete: its Refs resolved for the actor, its path spelled as the
 * call says (`/%61pi/…`, `%252e`, …), its body encoded. Also what a failure report prints.
 */

export type ConcreteCall = {
  method: Operation["method"];
  url: string;
  headers: Record<string, string>;
  /** The body as a report shows it (JSON, the multipart fields and files, or the raw text). */
  shownBody: unknown;
  /** Every string the call sent, so an answer that only echoes one is not taken for a leak. */
  sentTexts: string[];
  inject: InjectOptions;
};

/** Percent-encodes what encodeURIComponent refuses too (a lone surrogate becomes bytes no UTF-8 decoder takes). */
export function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return Array.from(text, (c) => {
      try {
        return encodeURIComponent(c);
      } catch {
        return "%ED%A0%80";
      }
    }).join("");
  }
}

const everyByte = (text: string) =>
  Array.from(Buffer.from(text, "utf8"), (b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");

const asText = (value: unknown): string =>
  typeof value === "string" ? value : value === undefined ? "" : (JSON.stringify(value) ?? String(value));

function spellPath(template: string, params: Record<string, unknown>, spelling: Spelling): string {
  const value = (name: string) => {
    const text = asText(params[name]);
    if (spelling === "encoded-params") return everyByte(text);
    if (spelling === "double-encoded") return encode(encode(text));
    return encode(text);
  };
  let path = template.replace(/\{(\w+)\}/g, (_, name: string) => value(name));
  if (spelling === "encoded-prefix") path = path.replace(/^\/api\//, "/%61pi/");
  if (spelling === "double-slash") path = path.replace(/^\/api\//, "/api//");
  if (spelling === "trailing-slash") path = `${path}/`;
  if (spelling === "dot-segment") path = path.replace(/\/([^/]+)$/, "/x/%2e%2e/$1");
  if (spelling === "double-encoded-dots") path = path.replace(/\/([^/]+)$/, "/x/%252e%252e/$1");
  return path;
}

function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) parts.push(`${encode(key)}=${encode(asText(item))}`);
  }
  return parts.length ? `?${parts.join("&")}` : "";
}

const FILE_BYTES: Record<FileSpec["content"], Uint8Array | string> = {
  pdf: SAMPLE_PDF,
  png: SAMPLE_PNG,
  exe: SAMPLE_EXE,
  empty: "",
  text: "<html><script>alert(1)</script></html>",
};

const CROSS_SITE: Record<NonNullable<SymbolicCall["crossSite"]>, Record<string, string>> = {
  "foreign-origin": { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
  "null-origin": { origin: "null" },
  "sec-fetch-site": { "sec-fetch-site": "same-site" },
};

/** A session cookie of the right name whose token and signature are nobody's. */
const GARBAGE_COOKIE = "balcao.session_token=invalido.YWJjZGVm";

export async function buildRequest(
  op: Operation,
  call: SymbolicCall,
  pool: Pool,
  actor: Actor,
): Promise<ConcreteCall> {
  const params = materialize(call.pathParams, pool, actor) as Record<string, unknown>;
  const query = materialize(call.query, pool, actor) as Record<string, unknown>;
  const url = spellPath(op.path, params, call.spelling) + queryString(query);
  const headers: Record<string, string> = {};
  if (call.cookie === "own" && actor.cookie) headers.cookie = actor.cookie;
  if (call.cookie === "garbage") headers.cookie = GARBAGE_COOKIE;
  if (call.crossSite) Object.assign(headers, CROSS_SITE[call.crossSite]);
  if (call.acceptEncoding) headers["accept-encoding"] = "br, gzip";
  const key = materialize(call.idempotencyKey, pool, actor);
  if (typeof key === "string") headers["idempotency-key"] = key;

  let payload: InjectOptions["payload"];
  let shownBody: unknown;
  const body = call.body;
  if (body.kind === "json") {
    shownBody = materialize(body.value, pool, actor);
    payload = JSON.stringify(shownBody) ?? "null";
    headers["content-type"] = "application/json";
  } else if (body.kind === "raw") {
    shownBody =
      body.text.length > 300 ? `${body.text.slice(0, 300)}… (${body.text.length} characters)` : body.text;
    payload = body.text;
    headers["content-type"] = body.contentType;
  } else if (body.kind === "multipart") {
    const fields = materialize(body.fields, pool, actor) as Record<string, unknown>;
    const texts = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, asText(v)]));
    const encoded = await multipartBody(
      texts,
      body.files.map((f) => ({ field: f.field, name: f.name, type: f.type, content: FILE_BYTES[f.content] })),
    );
    shownBody = { fields: texts, files: body.files };
    payload = encoded.payload;
    Object.assign(headers, encoded.headers);
  }
  if (call.contentType && payload !== undefined) headers["content-type"] = call.contentType;
  return {
    method: op.method,
    url,
    headers,
    shownBody,
    sentTexts: collectTexts([params, query, shownBody, headers["idempotency-key"]]),
    inject: {
      method: op.method,
      url,
      headers,
      remoteAddress: `10.0.0.${call.client + 1}`,
      ...(payload !== undefined ? { payload } : {}),
    },
  };
}

function collectTexts(value: unknown, into: string[] = []): string[] {
  if (typeof value === "string") into.push(value);
  else if (Array.isArray(value)) for (const item of value) collectTexts(item, into);
  else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      into.push(key);
      collectTexts(item, into);
    }
  }
  return into;
}
