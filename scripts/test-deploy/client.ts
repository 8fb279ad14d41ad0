/**
 * A client of the proxy as a browser would be one, with plain fetch: the Origin a browser sends,
 * the session cookie, multipart forms, the live stream read as it arrives. Where the client's own
 * address matters (the rate limits), node:http binds it: every 127/8 address is loopback on Linux.
 */
import { request as httpRequest } from "node:http";
import { todayInSaoPaulo } from "../../src/domain/dates";
import { check } from "./harness";

export const PASSWORD = "deploy-test-senha-1";

export type Person = { email: string; cookie: string; id: string };

const upstreamNames = new Map<string, string>();

/** Names an instance's address ("A") for upstreamOf and the step output. */
export const nameUpstream = (address: string, name: string) => upstreamNames.set(address, name);

/**
 * Which instance answered, from the test's nginx line (`X-Balcao-Upstream`: 127.0.0.1:port, or
 * several when the proxy tried one and then the other): "A", "B", or "A then B".
 */
export const upstreamOf = (res: Response) =>
  (res.headers.get("x-balcao-upstream") ?? "?")
    .split(", ")
    .map((address) => upstreamNames.get(address) ?? address)
    .join(" then ");

type PostInit = { json?: unknown; body?: FormData; cookie?: string; key?: string; timeoutMs?: number };

function post(proxy: string, path: string, init: PostInit) {
  const headers: Record<string, string> = { origin: proxy };
  if (init.json !== undefined) headers["content-type"] = "application/json";
  if (init.cookie) headers.cookie = init.cookie;
  if (init.key) headers["idempotency-key"] = init.key;
  return fetch(`${proxy}${path}`, {
    method: "POST",
    headers,
    body: init.body ?? JSON.stringify(init.json),
    signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
  });
}

/** Signs up (no e-mail confirmation on the test's instances) and signs in: the session's cookie. */
export async function signUp(proxy: string, email: string, name: string): Promise<Person> {
  const registered = await post(proxy, "/api/register", {
    json: { name, email, password: PASSWORD, confirmPassword: PASSWORD },
  });
  check(registered.status === 201, `sign-up of ${email}: ${registered.status} ${await registered.text()}`);
  const login = await post(proxy, "/api/login", { json: { email, password: PASSWORD } });
  const body = (await login.json()) as { user?: { id: string } };
  check(login.status === 200 && body.user, `sign-in of ${email}: ${login.status} ${JSON.stringify(body)}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  check(cookie, `sign-in of ${email} set no cookie`);
  return { email, cookie, id: body.user.id };
}

/** A receipt the server accepts as a PDF; `mark` makes each one's bytes different. */
export const receipt = (mark: string) =>
  Buffer.from(
    `%PDF-1.4\n% ${mark}\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
  );

/** `POST /api/solicitacoes/reembolso` as its form sends it: the fields and one receipt. */
export function submitReembolso(
  proxy: string,
  who: Person,
  options: { key?: string; file: Buffer; timeoutMs?: number },
) {
  const form = new FormData();
  const fields = {
    data: todayInSaoPaulo(),
    tipo: "transporte",
    valor: "R$ 42,50",
    centroCusto: "marketing",
    descricao: "Táxi até o cliente (teste de implantação)",
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("anexo", new Blob([new Uint8Array(options.file)], { type: "application/pdf" }), "recibo.pdf");
  return post(proxy, "/api/solicitacoes/reembolso", {
    body: form,
    cookie: who.cookie,
    ...(options.key ? { key: options.key } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
}

/** A support request (JSON): a change someone's live stream hears of. */
export function submitSuporte(proxy: string, who: Person) {
  return post(proxy, "/api/solicitacoes/suporte", {
    cookie: who.cookie,
    json: {
      departamento: "Financeiro",
      assunto: "Acesso ao sistema",
      descricao: "Preciso de acesso ao sistema de ponto.",
      prioridade: "alta",
    },
  });
}

export type LiveStream = {
  upstream: string;
  /** Each `event:` with its data and when it arrived (performance.now()). */
  events: { name: string; data: Record<string, unknown>; at: number }[];
  close(): void;
};

/** Opens `GET /api/eventos` through the proxy and reads it as it arrives. */
export async function openLiveStream(proxy: string, who: Person): Promise<LiveStream> {
  const controller = new AbortController();
  const res = await fetch(`${proxy}/api/eventos`, {
    headers: { cookie: who.cookie },
    signal: controller.signal,
  });
  check(res.status === 200 && res.body, `GET /api/eventos: ${res.status}`);
  const stream: LiveStream = { upstream: upstreamOf(res), events: [], close: () => controller.abort() };
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const name = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (name) stream.events.push({ name, data: JSON.parse(data ?? "{}"), at: performance.now() });
        end = buffer.indexOf("\n\n");
      }
    }
  })().catch(() => {});
  return stream;
}

/**
 * A JSON POST from the client address `localAddress` (127.0.0.2, …), with an X-Forwarded-For of
 * the client's own choosing, which nginx must replace with the address it saw.
 */
export function postFrom(
  localAddress: string,
  url: string,
  json: unknown,
  forgedForwardedFor: string,
): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  const payload = JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        localAddress,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          origin: target.origin,
          "x-forwarded-for": forgedForwardedFor,
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}
