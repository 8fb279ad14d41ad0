import fc from "fast-check";
import { planPostPath, requestPath, signedDownload } from "./hints";
import type { JsonSchema, Operation } from "./openapi";
import { allowed, objectAllowed, valueFor } from "./schema-arbitrary";
import { deepJsonText, HUGE_STRING, hostileValue, rarely } from "./values";
import type { Role } from "./world";

/*
 * One generated call of an operation, before its Refs are resolved: how its path is spelled,
 * its path and query parameters, its body (JSON, multipart, raw text or none) and headers.
 */

export type Spelling =
  | "plain"
  | "encoded-prefix"
  | "encoded-params"
  | "double-encoded"
  | "dot-segment"
  | "double-encoded-dots"
  | "double-slash"
  | "trailing-slash";

export type FileSpec = {
  field: string;
  name: string;
  type: string;
  content: "pdf" | "png" | "exe" | "empty" | "text";
};

export type Body =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "raw"; text: string; contentType: string }
  | { kind: "multipart"; fields: Record<string, unknown>; files: FileSpec[] };

export type SymbolicCall = {
  spelling: Spelling;
  pathParams: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Body;
  cookie: "own" | "none" | "garbage";
  /** Which of a few client addresses calls: the per-IP limits then leave the public routes reachable. */
  client: number;
  /** A cross-site browser's request: a foreign Origin, or only Sec-Fetch-Site saying so. */
  crossSite: null | "foreign-origin" | "null-origin" | "sec-fetch-site";
  contentType: string | null;
  acceptEncoding: boolean;
  idempotencyKey: unknown;
};

/** What the seed sent to an operation: bodies a call starts from and changes a field or two of. */
export type Examples = Map<
  string,
  {
    json?: unknown[];
    multipart?: Record<
      string,
      string
    >[] /** Where the seed's files went, when the document names no file field. */;
    fileField?: string;
  }
>;

/**
 * The one part of a call made hostile; the rest is what a person using the app would send, so
 * the call gets past the checks before the part under test (a valid body with another person's
 * id, a hostile body on one's own request). "none": a call as valid as the seed can make it.
 */
type Focus = "none" | "path" | "query" | "body" | "headers" | "spelling";

const focus = (): fc.Arbitrary<Focus> =>
  fc.oneof(
    { arbitrary: fc.constant<Focus>("none"), weight: 4 },
    { arbitrary: fc.constant<Focus>("body"), weight: 3 },
    { arbitrary: fc.constantFrom<Focus>("path", "query", "headers", "spelling"), weight: 4 },
  );

const WILD_SPELLINGS: Spelling[] = [
  "encoded-prefix",
  "encoded-params",
  "double-encoded",
  "dot-segment",
  "double-encoded-dots",
  "double-slash",
  "trailing-slash",
];

function pathParams(op: Operation, wild: boolean): fc.Arbitrary<Record<string, unknown>> {
  const names = op.pathParams.map((p) => p.name);
  const where = { path: op.path, depth: 0, wild };
  let base: fc.Arbitrary<Record<string, unknown>> = fc.constant({});
  let covered: string[] = [];
  if (names.includes("tipo") && names.includes("id") && op.path.startsWith("/api/solicitacoes")) {
    base = requestPath(wild);
    covered = ["tipo", "id"];
  } else if (names.includes("postId")) {
    base = planPostPath(wild);
    covered = ["id", "postId"];
  }
  const rest = op.pathParams.filter((p) => !covered.includes(p.name));
  const others = fc.record(Object.fromEntries(rest.map((p) => [p.name, valueFor(p.schema, p.name, where)])));
  return fc.tuple(base, others).map(([a, b]) => ({ ...a, ...b }));
}

function query(op: Operation, wild: boolean): fc.Arbitrary<Record<string, unknown>> {
  const where = { path: op.path, depth: 0, wild };
  const model = Object.fromEntries(op.query.map((p) => [p.name, valueFor(p.schema, p.name, where)]));
  const required = op.query.filter((p) => p.required).map((p) => p.name);
  const record = fc.record(model, { requiredKeys: required });
  if (!wild) return record;
  return fc
    .tuple(record, rarely(fc.record({ extra: hostileValue() }), 4))
    .map(([q, extra]) => ({ ...q, ...(extra ?? {}) }));
}

/** An example body with up to two fields replaced, removed or added. */
function mutated(
  example: fc.Arbitrary<Record<string, unknown>>,
  schema: JsonSchema,
  path: string,
  wild: boolean,
) {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  if (keys.length === 0) return example;
  const change = fc.tuple(
    fc.constantFrom(...keys),
    fc.oneof(
      { arbitrary: fc.constant("remove"), weight: wild ? 1 : 0 },
      { arbitrary: fc.constant("set"), weight: 4 },
    ),
  );
  return fc.tuple(example, fc.array(change, { maxLength: 2 })).chain(([body, changes]) => {
    const sets = changes.filter(([, what]) => what === "set").map(([key]) => key);
    const removed = new Set(changes.filter(([, what]) => what === "remove").map(([key]) => key));
    const model = Object.fromEntries(
      sets.map((key) => [key, valueFor(properties[key]!, key, { path, depth: 1, wild })]),
    );
    return fc.record(model).map((values) => {
      const out = Object.fromEntries(Object.entries(body).filter(([key]) => !removed.has(key)));
      return { ...out, ...values };
    });
  });
}

const RAW_BODIES: { text: string; contentType: string }[] = [
  { text: "{", contentType: "application/json" },
  { text: "", contentType: "application/json" },
  { text: "null", contentType: "application/json" },
  { text: "[]", contentType: "application/json" },
  { text: '"texto"', contentType: "application/json" },
  { text: '{"a":1,"a":2}', contentType: "application/json" },
  { text: '{"__proto__":{"isAdmin":true}}', contentType: "application/json" },
  { text: '{"constructor":{"prototype":{"x":1}}}', contentType: "application/json" },
  { text: '{"acao":1e999,"versao":1e400}', contentType: "application/json" },
  { text: deepJsonText(20_000), contentType: "application/json" },
  { text: "a=1&b=2", contentType: "application/x-www-form-urlencoded" },
  { text: "texto", contentType: "text/plain" },
  {
    text: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n',
    contentType: "multipart/form-data; boundary=x",
  },
  { text: JSON.stringify({ texto: HUGE_STRING }), contentType: "application/json" },
];

function jsonBody(op: Operation, examples: Examples, wild: boolean): fc.Arbitrary<Body> {
  const schema = op.json ?? {};
  const where = { path: op.path, depth: 0, wild };
  const recorded = (examples.get(op.key)?.json ?? []) as Record<string, unknown>[];
  const fromSchema = schema.type === "object" ? objectAllowed(schema, where) : allowed(schema, "body", where);
  const options = [
    { arbitrary: fromSchema, weight: 4 },
    ...(wild ? [{ arbitrary: hostileValue(), weight: 2 }] : []),
    ...(recorded.length
      ? [{ arbitrary: mutated(fc.constantFrom(...recorded), schema, op.path, wild), weight: 8 }]
      : []),
  ];
  return fc.oneof(...options).map((value): Body => ({ kind: "json", value }));
}

const file = (field: string, wild: boolean): fc.Arbitrary<FileSpec> =>
  wild
    ? fc.record({
        field: fc.constant(field),
        name: fc.constantFrom(
          "recibo.pdf",
          "recibo.html",
          "a\u202Efdp.exe",
          "../../x.pdf",
          `${"n".repeat(300)}.pdf`,
          "",
        ),
        type: fc.constantFrom("application/pdf", "image/png", "text/html", "application/octet-stream"),
        content: fc.constantFrom<FileSpec["content"]>("pdf", "png", "exe", "empty", "text"),
      })
    : fc.constantFrom<FileSpec>(
        { field, name: "recibo.pdf", type: "application/pdf", content: "pdf" },
        { field, name: "foto.png", type: "image/png", content: "png" },
      );

function multipartBody(op: Operation, examples: Examples, wild: boolean): fc.Arbitrary<Body> {
  const schema = op.multipart!;
  const fileFields = Object.entries(schema.properties ?? {})
    .filter(([, p]) => p.type === "array" && p.items?.description === "binary")
    .map(([name]) => name);
  const textSchema: JsonSchema = {
    ...schema,
    properties: Object.fromEntries(
      Object.entries(schema.properties ?? {}).filter(([n]) => !fileFields.includes(n)),
    ),
  };
  const recorded = (examples.get(op.key)?.multipart ?? []) as Record<string, unknown>[];
  const fields = fc.oneof(
    { arbitrary: objectAllowed(textSchema, { path: op.path, depth: 0, wild }), weight: 2 },
    ...(recorded.length
      ? [{ arbitrary: mutated(fc.constantFrom(...recorded), textSchema, op.path, wild), weight: 8 }]
      : []),
  );
  const field = fileFields[0] ?? examples.get(op.key)?.fileField ?? "anexo";
  const files = fc.array(file(field, wild), { minLength: wild ? 0 : 1, maxLength: wild ? 3 : 1 });
  return fc.record({ kind: fc.constant("multipart" as const), fields, files });
}

function body(op: Operation, examples: Examples, wild: boolean): fc.Arbitrary<Body> {
  const none = fc.constant<Body>({ kind: "none" });
  const raw = fc.constantFrom(...RAW_BODIES).map((r): Body => ({ kind: "raw", ...r }));
  const rare = (weight: number) =>
    wild
      ? [
          { arbitrary: raw, weight },
          { arbitrary: none, weight },
        ]
      : [];
  if (op.multipart) {
    const json = op.json ? [{ arbitrary: jsonBody(op, examples, wild), weight: 4 }] : [];
    return fc.oneof({ arbitrary: multipartBody(op, examples, wild), weight: 8 }, ...json, ...rare(1));
  }
  if (op.json) return fc.oneof({ arbitrary: jsonBody(op, examples, wild), weight: 8 }, ...rare(1));
  return wild ? fc.oneof({ arbitrary: none, weight: 4 }, { arbitrary: raw, weight: 1 }) : none;
}

function headers(role: Role, wild: boolean) {
  const own = role === "anonymous" ? "none" : "own";
  if (!wild) {
    return fc.record({
      client: fc.nat({ max: 63 }),
      cookie: fc.constant<SymbolicCall["cookie"]>(own),
      crossSite: fc.constant(null),
      contentType: fc.constant(null),
      acceptEncoding: fc.boolean(),
      idempotencyKey: rarely(fc.uuid(), 3),
    });
  }
  return fc.record({
    client: fc.nat({ max: 63 }),
    cookie: fc.constantFrom<SymbolicCall["cookie"]>(own, "none", "garbage"),
    crossSite: rarely(
      fc.constantFrom("foreign-origin" as const, "null-origin" as const, "sec-fetch-site" as const),
      2,
    ),
    contentType: rarely(
      fc.constantFrom(
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
        "application/json; charset=utf-16",
      ),
      3,
    ),
    acceptEncoding: fc.boolean(),
    idempotencyKey: rarely(fc.oneof(fc.uuid(), fc.constantFrom("x".repeat(500), "", "x y", "\u00e7")), 2),
  });
}

/** The path and query of a call: a signed download's come together, as the link has them. */
function pathAndQuery(op: Operation, on: Focus) {
  if (op.path === "/api/anexos/{id}/download") {
    return signedDownload(on === "path" || on === "query").map(({ path, query }) => ({
      pathParams: path,
      query,
    }));
  }
  return fc.record({ pathParams: pathParams(op, on === "path"), query: query(op, on === "query") });
}

export function callArbitrary(op: Operation, role: Role, examples: Examples): fc.Arbitrary<SymbolicCall> {
  return focus().chain((on) =>
    fc
      .record({
        spelling: on === "spelling" ? fc.constantFrom(...WILD_SPELLINGS) : fc.constant<Spelling>("plain"),
        where: pathAndQuery(op, on),
        body: body(op, examples, on === "body"),
        headers: headers(role, on === "headers"),
      })
      .map(({ headers, where, ...call }) => ({ ...call, ...where, ...headers })),
  );
}
