import { readdirSync } from "node:fs";
import net from "node:net";
import { sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { expect, it } from "vitest";
import { todayInSaoPaulo } from "@/domain/dates";
import { PASSWORD, signedInUser } from "../testing/auth-helpers";
import { multipartBody, SAMPLE_PDF } from "../testing/multipart";
import { describeWithApp, type TestContext } from "../testing/test-app";

/*
 * Every client error Fastify, a plugin or Node's HTTP parser can raise
 * answers one clean Portuguese 4xx JSON with a stable code, and leaves nothing behind.
 */

type Answer = {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
};

/** Words of the framework's and the parsers' own English texts; none may reach a user. */
const ENGLISH =
  /\b(Bad Request|Not Found|Payload|Too Large|Unsupported|Media Type|Unexpected|must|should|is not|cannot|Client|Error|error|invalid|Invalid|Body|body|boundary|Boundary|Multipart|request|Request|URL|url|header|Header|Length|limit|reach|prototype|valid)\b/;

function expectCleanAnswer(answer: Answer, status: number, code: string) {
  expect(answer.status, answer.body).toBe(status);
  expect(String(answer.headers["content-type"])).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body) as Record<string, unknown>;
  expect(Object.keys(body).every((k) => ["message", "description", "code", "fields"].includes(k))).toBe(true);
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe("string");
  const texts = [body.message, body.description, ...Object.values((body.fields ?? {}) as object)];
  for (const text of texts.filter((t) => t !== undefined)) {
    expect(typeof text).toBe("string");
    expect(text, `English in ${JSON.stringify(text)}`).not.toMatch(ENGLISH);
  }
  expect(answer.body).not.toMatch(/FST_|HPE_|\bat .+:\d+|node_modules|\.(?:ts|js):\d/);
  return body;
}

async function inject(ctx: TestContext, options: InjectOptions): Promise<Answer> {
  const res = await ctx.app.inject(options);
  return { status: res.statusCode, headers: res.headers, body: res.body };
}

/** One HTTP/1.1 exchange over a raw socket: what the server writes back until it closes or goes quiet. */
async function raw(ctx: TestContext, request: string | Buffer, quietMs = 1000): Promise<Answer> {
  const address = ctx.app.server.address();
  if (!address || typeof address === "string") await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = ctx.app.server.address() as net.AddressInfo;
  const socket = net.connect(port, "127.0.0.1");
  let received = Buffer.alloc(0);
  const done = new Promise<void>((resolve) => {
    let timer = setTimeout(resolve, quietMs);
    socket.on("data", (chunk) => {
      received = Buffer.concat([received, chunk]);
      clearTimeout(timer);
      timer = setTimeout(resolve, quietMs);
    });
    socket.on("close", () => {
      clearTimeout(timer);
      resolve();
    });
    socket.on("error", () => {});
  });
  socket.write(request);
  await done;
  socket.destroy();
  const text = received.toString("utf8");
  const [head = "", ...rest] = text.split("\r\n\r\n");
  const [statusLine = "", ...headerLines] = head.split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(" ")[1]), headers, body: rest.join("\r\n\r\n") };
}

const json = (payload: string, contentType = "application/json") => ({
  method: "POST" as const,
  url: "/api/login",
  headers: { "content-type": contentType },
  payload,
});

const reembolsoFields = () => ({
  data: todayInSaoPaulo(),
  tipo: "alimentacao",
  valor: "R$ 12,34",
  centroCusto: "geral",
  descricao: "Almoço com cliente",
});

const countRows = async (ctx: TestContext, table: string) =>
  Number((await ctx.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!.n);

const storedFiles = (ctx: TestContext): string[] => {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(`${dir}/${e.name}`) : [`${dir}/${e.name}`],
    );
  return walk(ctx.uploadsDir);
};

type Case = {
  name: string;
  send: (ctx: TestContext, cookie: string) => Promise<Answer>;
  status: number;
  code: string;
  fields?: Record<string, string>;
};

const NUL_MESSAGE = "Contém caracteres não permitidos";

/** Builds a multipart body for the reimbursement route and lets a case bend it. */
async function upload(
  ctx: TestContext,
  cookie: string,
  bend: (body: Buffer, contentType: string) => { payload: Buffer; contentType: string } = (payload, c) => ({
    payload,
    contentType: c,
  }),
  files = [{ name: "recibo.pdf", type: "application/pdf", content: SAMPLE_PDF }],
  fields: Record<string, string> = reembolsoFields(),
) {
  const body = await multipartBody(fields, files);
  const bent = bend(body.payload, body.headers["content-type"]);
  return inject(ctx, {
    method: "POST",
    url: "/api/solicitacoes/reembolso",
    payload: bent.payload,
    headers: { "content-type": bent.contentType, cookie },
  });
}

const cases: Case[] = [
  // Router level (Fastify's frameworkErrors)
  {
    name: "malformed percent-encoding in the path",
    send: (ctx) => inject(ctx, { url: "/api/anexos/%E0%A4%A" }),
    status: 400,
    code: "BAD_URL",
  },
  {
    name: "malformed percent-encoding in a page path",
    send: (ctx) => inject(ctx, { url: "/planejamento/%E0%A4%A" }),
    status: 400,
    code: "BAD_URL",
  },
  {
    name: "a path parameter longer than the router takes",
    send: (ctx) => inject(ctx, { url: `/api/anexos/${"a".repeat(300)}` }),
    status: 414,
    code: "URL_TOO_LONG",
  },
  // Body parsing
  {
    name: "invalid JSON",
    send: (ctx) => inject(ctx, json("{nao é json")),
    status: 400,
    code: "INVALID_JSON",
  },
  { name: "empty JSON body", send: (ctx) => inject(ctx, json("")), status: 400, code: "EMPTY_BODY" },
  {
    name: "JSON with a __proto__ key",
    send: (ctx) => inject(ctx, json('{"__proto__":{"admin":true}}')),
    status: 400,
    code: "INVALID_JSON",
  },
  {
    name: "a body over the 1 MB limit",
    send: (ctx) => inject(ctx, json(JSON.stringify({ email: "x".repeat(1_100_000) }))),
    status: 413,
    code: "PAYLOAD_TOO_LARGE",
  },
  {
    name: "a content type no parser takes",
    send: (ctx) => inject(ctx, json("<a/>", "application/xml")),
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
  },
  {
    // Forms are read only where a route reads one (http/form-routes.ts).
    name: "a multipart form where JSON is expected",
    send: (ctx) => inject(ctx, json("--x\r\n\r\n--x--\r\n", "multipart/form-data; boundary=x")),
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
  },
  {
    name: "a malformed content type",
    send: (ctx) => inject(ctx, json("{}", "não/é um tipo;;")),
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
  },
  {
    name: "a Content-Length the body does not match",
    send: (ctx) =>
      inject(ctx, {
        method: "POST",
        url: "/api/login",
        headers: { "content-type": "application/json", "content-length": "500" },
        payload: "{}",
      }),
    status: 400,
    code: "INVALID_CONTENT_LENGTH",
  },
  // Characters PostgreSQL cannot hold, in every kind of input
  {
    name: "NUL in the e-mail of a sign-up",
    send: (ctx) =>
      inject(ctx, {
        method: "POST",
        url: "/api/register",
        payload: {
          name: "Ana Lima",
          email: "ana\u0000@agencia.digital",
          password: PASSWORD,
          confirmPassword: PASSWORD,
        },
      }),
    status: 400,
    code: "INVALID_CHARACTERS",
    fields: { email: NUL_MESSAGE },
  },
  {
    name: "NUL in the e-mail of a sign-in",
    send: (ctx) =>
      inject(ctx, {
        method: "POST",
        url: "/api/login",
        payload: { email: "ana\u0000@agencia.digital", password: PASSWORD },
      }),
    status: 400,
    code: "INVALID_CHARACTERS",
    fields: { email: NUL_MESSAGE },
  },
  {
    name: "NUL in the e-mail of a magic link",
    send: (ctx) =>
      inject(ctx, { method: "POST", url: "/api/magic-link", payload: { email: "\u0000@agencia.digital" } }),
    status: 400,
    code: "INVALID_CHARACTERS",
    fields: { email: NUL_MESSAGE },
  },
  {
    name: "NUL in the token of an e-mailed link (better-auth's own endpoint)",
    send: (ctx) => inject(ctx, { url: "/api/auth/magic-link/verify?token=abc%00" }),
    status: 400,
    code: "INVALID_CHARACTERS",
    fields: { token: NUL_MESSAGE },
  },
  {
    name: "NUL deep inside a JSON body, and a lone surrogate",
    send: (ctx, cookie) =>
      inject(ctx, {
        method: "POST",
        url: "/api/solicitacoes/material",
        headers: { cookie, "content-type": "application/json" },
        payload: '{"nome":"Ana","descricao":"Cadeira\\u0000","extra":{"lista":["ok","\\ud800"]}}',
      }),
    status: 400,
    code: "INVALID_CHARACTERS",
    fields: { descricao: NUL_MESSAGE, "extra.lista.1": NUL_MESSAGE },
  },
  {
    name: "NUL in a query string",
    send: (ctx, cookie) => inject(ctx, { url: "/api/solicitacoes?cursor=%00", headers: { cookie } }),
    status: 400,
    code: "INVALID_CHARACTERS",
    fields: { cursor: NUL_MESSAGE },
  },
  {
    name: "NUL in a multipart text field",
    send: (ctx, cookie) =>
      upload(ctx, cookie, undefined, undefined, { ...reembolsoFields(), descricao: "Almoço\u0000" }),
    status: 400,
    code: "INVALID_CHARACTERS",
    fields: { descricao: NUL_MESSAGE },
  },
  {
    name: "NUL in an uploaded file's name",
    send: (ctx, cookie) =>
      upload(ctx, cookie, undefined, [
        { name: "reci\u0000bo.pdf", type: "application/pdf", content: SAMPLE_PDF },
      ]),
    status: 400,
    code: "INVALID_CHARACTERS",
    fields: { anexo: "O nome do arquivo contém caracteres não permitidos" },
  },
  // Multipart
  {
    name: "multipart with a boundary that is not the body's",
    send: (ctx, cookie) =>
      upload(ctx, cookie, (payload) => ({ payload, contentType: "multipart/form-data; boundary=outra" })),
    status: 400,
    code: "INVALID_MULTIPART",
  },
  {
    name: "multipart without a boundary",
    send: (ctx, cookie) =>
      upload(ctx, cookie, (payload) => ({ payload, contentType: "multipart/form-data" })),
    status: 400,
    code: "INVALID_MULTIPART",
  },
  {
    name: "multipart cut short after the file",
    send: (ctx, cookie) =>
      upload(ctx, cookie, (payload, contentType) => ({
        payload: payload.subarray(0, payload.length - 20),
        contentType,
      })),
    status: 400,
    code: "INVALID_MULTIPART",
  },
  {
    name: "multipart cut short inside the file",
    send: (ctx, cookie) =>
      upload(ctx, cookie, (payload, contentType) => ({
        payload: payload.subarray(0, payload.indexOf("%%EOF")),
        contentType,
      })),
    status: 400,
    code: "INVALID_MULTIPART",
  },
  {
    name: "multipart with a __proto__ field",
    send: (ctx, cookie) =>
      upload(ctx, cookie, (payload, contentType) => ({
        payload: Buffer.from(
          payload.toString("latin1").replace('name="descricao"', 'name="__proto__"'),
          "latin1",
        ),
        contentType,
      })),
    status: 400,
    code: "INVALID_MULTIPART",
  },
  {
    name: "multipart with a JSON field that is not JSON",
    send: (ctx, cookie) =>
      upload(ctx, cookie, (payload, contentType) => ({
        payload: Buffer.from(
          payload
            .toString("latin1")
            .replace('name="descricao"\r\n', 'name="descricao"\r\nContent-Type: application/json\r\n'),
          "latin1",
        ),
        contentType,
      })),
    status: 400,
    code: "INVALID_MULTIPART",
  },
  {
    name: "multipart with more fields than a form has",
    send: (ctx, cookie) =>
      upload(ctx, cookie, undefined, undefined, {
        ...reembolsoFields(),
        ...Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`campo${i}`, "x"])),
      }),
    status: 413,
    code: "TOO_MANY_FIELDS",
  },
  {
    name: "a JSON body where a form is expected",
    send: (ctx, cookie) =>
      inject(ctx, { method: "POST", url: "/api/solicitacoes/reembolso", headers: { cookie }, payload: {} }),
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
  },
  // Node's HTTP parser (Fastify's clientErrorHandler): only a raw socket can send these
  {
    name: "a header line that is not HTTP",
    send: (ctx) => raw(ctx, "GET /healthz HTTP/1.1\r\nHost: x\r\nnão é cabeçalho\r\n\r\n"),
    status: 400,
    code: "BAD_REQUEST",
  },
  {
    name: "headers larger than the server takes",
    send: (ctx) => raw(ctx, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`),
    status: 431,
    code: "HEADERS_TOO_LARGE",
  },
  {
    name: "a request line with a bad method",
    send: (ctx) => raw(ctx, "G@T / HTTP/1.1\r\nHost: x\r\n\r\n"),
    status: 400,
    code: "BAD_REQUEST",
  },
  {
    name: "a malformed percent-encoding over real HTTP",
    send: (ctx) => raw(ctx, "GET /api/anexos/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
    status: 400,
    code: "BAD_URL",
  },
  // And the answers that were already ours stay so
  {
    name: "an unknown API path",
    send: (ctx) => inject(ctx, { url: "/api/nao-existe" }),
    status: 404,
    code: "NOT_FOUND",
  },
];

describeWithApp(
  "client errors answer Portuguese JSON",
  { env: { REQUIRE_EMAIL_VERIFICATION: "false" } },
  (ctx) => {
    for (const c of cases) {
      it(`${c.name} → ${c.status} ${c.code}`, async () => {
        const { cookie } = await signedInUser(ctx(), "ana@agencia.digital", "Ana Lima");
        const answer = await c.send(ctx(), cookie);
        const body = expectCleanAnswer(answer, c.status, c.code);
        if (c.fields) expect(body.fields).toEqual(c.fields);
        // Nothing stays behind: no request, no attachment, no stored file, no second user.
        expect(await countRows(ctx(), "requests where kind = 'reembolso'")).toBe(0);
        expect(await countRows(ctx(), "requests where kind = 'material'")).toBe(0);
        expect(await countRows(ctx(), "anexos")).toBe(0);
        expect(await countRows(ctx(), "users")).toBe(1);
        expect(storedFiles(ctx())).toEqual([]);
      });
    }

    it("still takes the same inputs without the bad character", async () => {
      const { cookie } = await signedInUser(ctx(), "ana@agencia.digital", "Ana Lima");
      expect((await upload(ctx(), cookie)).status).toBe(201);
      const plain = await inject(ctx(), {
        method: "POST",
        url: "/api/login",
        payload: { email: "ana@agencia.digital", password: PASSWORD },
      });
      expect(plain.status).toBe(200);
    });
  },
);
