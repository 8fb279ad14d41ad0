/*
 * The operations the API fuzzer calls, read from the OpenAPI document the app serves
 * (/api/docs/json, generated from the routes' zod schemas): every path and method but the
 * reference page's own, so a route added later is fuzzed without naming it here.
 */

/** The part of JSON Schema (OpenAPI 3.0 flavour) that @fastify/swagger writes for our zod schemas. */
export type JsonSchema = {
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  nullable?: boolean;
  anyOf?: JsonSchema[];
  default?: unknown;
  description?: string;
};

export type Parameter = {
  name: string;
  in: "path" | "query" | "header";
  required?: boolean;
  schema: JsonSchema;
};

export type Operation = {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** As the document writes it: `/api/solicitacoes/{tipo}/{id}`. */
  path: string;
  /** "POST /api/solicitacoes/{tipo}/{id}/acoes". */
  key: string;
  pathParams: Parameter[];
  query: Parameter[];
  json?: JsonSchema;
  multipart?: JsonSchema;
};

type Document = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
};

/** The reference page and the document itself: static files, no input of ours behind them. */
const NOT_FUZZED = /^\/api\/docs(\/|$)/;

export function operationsOf(document: Document): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    if (NOT_FUZZED.test(path)) continue;
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase() as Operation["method"];
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      operations.push({
        method: upper,
        path,
        key: `${upper} ${path}`,
        pathParams: parameters.filter((p) => p.in === "path"),
        query: parameters.filter((p) => p.in === "query"),
        ...(content["application/json"]?.schema ? { json: content["application/json"].schema } : {}),
        ...(content["multipart/form-data"]?.schema
          ? { multipart: content["multipart/form-data"].schema }
          : {}),
      });
    }
  }
  // better-auth's own endpoints are one hidden wildcard route (GET /api/auth/*): a few of its paths.
  operations.push({
    method: "GET",
    path: "/api/auth/{rest}",
    key: "GET /api/auth/{rest}",
    pathParams: [{ name: "rest", in: "path", required: true, schema: { type: "string" } }],
    query: [
      { name: "token", in: "query", schema: { type: "string" } },
      { name: "callbackURL", in: "query", schema: { type: "string" } },
    ],
  });
  return operations;
}

/** Whether a method changes something: the origin check and the snapshot care about these. */
export const isUnsafe = (method: string) => method !== "GET" && method !== "HEAD";
