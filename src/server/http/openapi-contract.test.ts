import { describe, expect, it } from "vitest";
import { describeWithApp } from "../testing/test-app";

/*
 * One explicit HTTP contract (decision 010): every route declares what it accepts
 * and answers with zod, and /api/docs is generated from those declarations.
 * This test reads the OpenAPI document the app serves and walks EVERY path and
 * method in it (no list of routes here), so a route added without schemas
 * fails it: @fastify/swagger documents an undeclared route with a bare
 * "Default Response" and no content, and a write without `body` with no
 * requestBody. A route hidden from the document (`schema: { hide: true }`)
 * does not escape either: the second test compares the document with the
 * routes Fastify serves.
 */

type Operation = {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
};
type JsonSchema = { type?: string; properties?: Record<string, unknown> };
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

/**
 * Routes the contract does not cover, each with its reason. A route is named
 * as the document (or, for the undocumented ones, Fastify) writes it.
 */
const EXEMPT: Record<string, string> = {
  // better-auth serves these itself (src/server/auth/auth.plugin.ts): only the
  // magic-link landing is reachable, and it answers better-auth's redirect.
  "GET /api/auth/*": "better-auth's own endpoints",
  // The reference page and the document itself (@fastify/swagger-ui).
  "GET /api/docs": "the API reference page",
  "GET /api/docs/": "the API reference page",
  "GET /api/docs/*": "the API reference page's files",
  "GET /api/docs/json": "this document",
  "GET /api/docs/yaml": "this document",
  "GET /api/docs/static/*": "the API reference page's files",
  "GET /api/docs/static/index.html": "the API reference page",
  "GET /api/docs/static/swagger-initializer.js": "the API reference page",
  // The built web app (@fastify/static with the history fallback); tests build without it.
  "GET /*": "the web app's files",
  // npm run doctor's signed probe (docs/decisions/042): 404 to everyone else, so not part of the API.
  "GET /api/eventos/diagnostico": "the doctor's proxy probe",
  // Prometheus' text for the scraper with METRICS_TOKEN (docs/decisions/043), not the API.
  "GET /metrics": "the metrics page",
};

const WRITES = new Set(["post", "put", "patch"]);

function hasSchema(content: Record<string, { schema?: JsonSchema }> | undefined): boolean {
  return Object.values(content ?? {}).some((media) => media.schema !== undefined);
}

/** What is missing from the document's routes: one line per problem, empty when every route is declared. */
function contractProblems(document: OpenApiDocument, exempt: Record<string, string> = EXEMPT) {
  const problems: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const route = `${method.toUpperCase()} ${path}`;
      if (route in exempt) continue;
      const responses = operation.responses ?? {};
      const successes = Object.keys(responses).filter((status) => /^[23]\d\d$/.test(status));
      if (successes.length === 0) problems.push(`${route}: no success response`);
      for (const status of successes) {
        if (!hasSchema(responses[status]!.content)) problems.push(`${route}: no schema for ${status}`);
      }
      if (!WRITES.has(method)) continue;
      const body = operation.requestBody?.content;
      const multipart = body?.["multipart/form-data"];
      if (multipart) {
        // An upload is read as a stream by the route, but its fields are still documented.
        if (Object.keys(multipart.schema?.properties ?? {}).length === 0) {
          problems.push(`${route}: multipart body without its fields`);
        }
      } else if (!hasSchema(body)) {
        problems.push(`${route}: no request body schema`);
      }
    }
  }
  return problems;
}

/**
 * The routes Fastify serves, from its printed tree (`printRoutes()`: each
 * line a node, indented four characters per level, its methods in brackets),
 * as "METHOD /path" with OpenAPI's `{param}`; HEAD (made for every GET) left out.
 */
function servedRoutes(tree: string): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of tree.split("\n")) {
    const node = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    const depth = node[1]!.length / 4;
    prefixes.length = depth;
    const path = prefixes.join("") + node[2]!;
    prefixes.push(node[2]!);
    for (const method of (node[3] ?? "").split(", ").filter(Boolean)) {
      if (method === "HEAD") continue;
      routes.push(`${method} ${path.replace(/:(\w+)/g, "{$1}")}`);
    }
  }
  return routes;
}

describe("the contract checks", () => {
  it("find a route without schemas, a write without a body and an upload without its fields", () => {
    const problems = contractProblems(
      {
        paths: {
          "/api/new": {
            get: { responses: { "200": { description: "Default Response" } } },
            post: { responses: { "201": { content: { "application/json": { schema: {} } } } } },
          },
          "/api/upload": {
            post: {
              requestBody: { content: { "multipart/form-data": { schema: { type: "object" } } } },
              responses: { "201": { content: { "application/json": { schema: {} } } } },
            },
          },
          "/api/ok": {
            put: {
              requestBody: { content: { "application/json": { schema: {} } } },
              responses: {
                "200": { content: { "application/json": { schema: {} } } },
                "400": { description: "no schema needed" },
              },
            },
          },
        },
      },
      {},
    );
    expect(problems).toEqual([
      "GET /api/new: no schema for 200",
      "POST /api/new: no request body schema",
      "POST /api/upload: multipart body without its fields",
    ]);
  });

  it("read every route of Fastify's printed tree", () => {
    const tree = [
      "└── /",
      "    ├── api/",
      "    │   ├── me (GET, HEAD, PATCH)",
      "    │   │   └── /sessions (DELETE)",
      "    │   └── vagas/",
      "    │       └── :id (PUT)",
      "    └── healthz (GET, HEAD)",
    ].join("\n");
    expect(servedRoutes(tree)).toEqual([
      "GET /api/me",
      "PATCH /api/me",
      "DELETE /api/me/sessions",
      "PUT /api/vagas/{id}",
      "GET /healthz",
    ]);
  });
});

describeWithApp("the OpenAPI document (/api/docs/json)", {}, (ctx) => {
  async function openApiDocument(): Promise<OpenApiDocument> {
    const res = await ctx().app.inject({ url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  it("declares a response schema for every success status, and a body for every POST, PUT and PATCH", async () => {
    const document = await openApiDocument();
    expect(Object.keys(document.paths).length).toBeGreaterThan(30);
    expect(contractProblems(document)).toEqual([]);
  });

  it("documents every route the app serves, but the exempt ones", async () => {
    const document = await openApiDocument();
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const served = servedRoutes(ctx().app.printRoutes());
    expect(served).toContain("GET /api/me");
    expect(served.filter((route) => !documented.has(route) && !(route in EXEMPT))).toEqual([]);
  });
});
