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

type Answer = {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** Send `body` and then filler without end, until the client hangs up. */
  endless?: boolean;
};

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
  /** Bytes written to each endless answer by the time its client hung up. */
  const endlessClosed: number[] = [];

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
        if (!answer.endless) {
          res.end(answer.body ?? "");
          return;
        }
        const filler = Buffer.alloc(64 * 1024, "a");
        let written = 0;
        const pump = () => {
          while (!res.destroyed) {
            written += filler.length;
            if (!res.write(filler)) {
              res.once("drain", pump);
              return;
            }
          }
        };
        res.on("close", () => {
          endlessClosed.push(written);
          for (const wake of waiters) wake();
        });
        res.write(answer.body ?? "");
        pump();
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
    /** Answer every request with `status`, `body` and then filler that never ends. */
    respondEndless(status: number, body = "", headers?: Record<string, string>) {
      fallback = { status, body, endless: true, ...(headers ? { headers } : {}) };
    },
    /** Answer the next requests with these, in order, then go back to the default answer. */
    queue(...answers: (number | Answer)[]) {
      for (const answer of answers) queued.push(typeof answer === "number" ? { status: answer } : answer);
    },
    /** Bytes written to each endless answer (`{ endless: true }`) whose client hung up, in order. */
    endlessClosed,
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
    /** Resolves with `endlessClosed` once `n` clients in all have hung up on an endless answer. */
    async waitForHangUps(n = 1, timeoutMs = 10_000): Promise<number[]> {
      const deadline = Date.now() + timeoutMs;
      while (endlessClosed.length < n) {
        if (Date.now() > deadline)
          throw new Error(`expected ${n} clients to hang up, got ${endlessClosed.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return endlessClosed;
    },
    /** Forget what was received and how to answer. */
    reset() {
      received.length = 0;
      queued.length = 0;
      fallback = { status: 200, body: "ok" };
      delayMs = 0;
      endlessClosed.length = 0;
    },
    async close(): Promise<void> {
      await down();
    },
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
