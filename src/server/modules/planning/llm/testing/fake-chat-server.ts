import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type ChatRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: {
    model: string;
    messages: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: { name: string; strict: boolean; schema: unknown } };
  };
};

export type ChatAnswer = {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Send the start of a JSON answer, then filler without end, until the client hangs up. */
  endless?: boolean;
};

/** A chat completion whose single choice says `content` (a plan object is sent as its JSON text). */
export function completion(content: unknown, message: { refusal?: string } = {}): ChatAnswer {
  return {
    status: 200,
    body: {
      id: "chatcmpl-teste",
      object: "chat.completion",
      created: 1_700_000_000,
      model: "modelo-de-teste",
      choices: [
        {
          index: 0,
          finish_reason: "stop",
          message: {
            role: "assistant",
            content: message.refusal ? null : typeof content === "string" ? content : JSON.stringify(content),
            refusal: message.refusal ?? null,
          },
        },
      ],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    },
  };
}

/**
 * A real HTTP server on loopback speaking the part of the OpenAI chat
 * completions API the plan LLM uses (`POST {base}/chat/completions`): it
 * records each request and answers from a queue, then with the fallback.
 */
export async function startFakeChatServer() {
  const received: ChatRequest[] = [];
  const queued: ChatAnswer[] = [];
  let fallback: ChatAnswer = { status: 500, body: { error: { message: "nenhuma resposta programada" } } };
  const waiters = new Set<() => void>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const answer = queued.shift() ?? fallback;
      received.push({
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}"),
      });
      for (const wake of waiters) wake();
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
        if (!answer.endless) {
          res.end(JSON.stringify(answer.body));
          return;
        }
        const filler = Buffer.alloc(64 * 1024, "a");
        const pump = () => {
          while (!res.destroyed) if (!res.write(filler)) return void res.once("drain", pump);
        };
        res.write('{"choices":[{"message":{"content":"');
        pump();
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    /** The base URL, as PLAN_LLM_URL takes it. */
    url: `http://127.0.0.1:${port}/v1`,
    received,
    /** Answer the next requests with these, in order, then with the fallback. */
    queue(...answers: ChatAnswer[]) {
      queued.push(...answers);
    },
    /** Answer every request not queued with this. */
    respondWith(answer: ChatAnswer) {
      fallback = answer;
    },
    reset() {
      received.length = 0;
      queued.length = 0;
      fallback = { status: 500, body: { error: { message: "nenhuma resposta programada" } } };
    },
    /** Resolves once `n` requests in all have arrived. */
    async waitFor(n: number, timeoutMs = 10_000): Promise<ChatRequest[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${n} chat requests, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, left);
          waiters.add(wake);
        });
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
