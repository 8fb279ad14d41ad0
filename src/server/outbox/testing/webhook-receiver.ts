import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedWebhook = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, exactly the bytes that were signed. */
  body: string;
  /** The status it was answered. */
  status: number;
};

type Answer = { status: number; body?: string; headers?: Record<string, string> };

/**
 * A real HTTP server on loopback standing in for an automation webhook: it
 * records what it receives and answers as told, or is "down" (nothing
 * listening, so connections are refused) until `up()` listens again on the
 * same port.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const queued: Answer[] = [];
  let fallback: Answer = { status: 200, body: "ok" };
  let delayMs = 0;
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
        body: Buffer.concat(chunks).toString("utf8"),
        status: answer.status,
      });
      for (const wake of waiters) wake();
      const send = () => {
        if (res.destroyed) return;
        // No keep-alive: once `down()` has run, the next attempt must meet a refused connection,
        // not a pooled socket whose close the client has yet to notice.
        res.writeHead(answer.status, {
          "content-type": "text/plain; charset=utf-8",
          connection: "close",
          ...answer.headers,
        });
        res.end(answer.body ?? "");
      };
      if (delayMs > 0) setTimeout(send, delayMs);
      else send();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  let listening = true;

  async function down(): Promise<void> {
    if (!listening) return;
    listening = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Kept-alive client connections would otherwise still reach the handler.
    server.closeAllConnections();
    await closed;
  }

  async function up(): Promise<void> {
    if (listening) return;
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
    listening = true;
  }

  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    /** Answer every request with this from now on (default 200 "ok"). */
    respondWith(status: number, body?: string, headers?: Record<string, string>) {
      fallback = { status, ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) };
    },
    /** Answer the next requests with these, in order, then go back to the default answer. */
    queue(...answers: (number | Answer)[]) {
      for (const answer of answers) queued.push(typeof answer === "number" ? { status: answer } : answer);
    },
    /** Wait this long before answering (to test timeouts and overlapping workers). */
    delay(ms: number) {
      delayMs = ms;
    },
    down,
    up,
    /** Resolves once `n` requests in all have arrived. */
    async waitFor(n: number, timeoutMs = 10_000): Promise<ReceivedWebhook[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < n) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${n} webhook requests, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, Math.min(left, 200));
          waiters.add(wake);
        });
      }
      return received.slice(0, n);
    },
    /** Forget what was received and how to answer. */
    reset() {
      received.length = 0;
      queued.length = 0;
      fallback = { status: 200, body: "ok" };
      delayMs = 0;
    },
    async close(): Promise<void> {
      await down();
    },
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
