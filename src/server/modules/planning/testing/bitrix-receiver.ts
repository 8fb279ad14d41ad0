import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type BitrixCall = { method: string; path: string; body: { fields?: Record<string, unknown> } };
export type BitrixMode = "success" | "error" | "timeout";

/**
 * A real HTTP server on loopback that answers like a Bitrix24 inbound webhook
 * (https://{portal}/rest/{user}/{key}/tasks.task.add.json and tasks.task.list):
 * `{ result: { task: { id } }, time }` on success, `{ error, error_description }`
 * with 400 on error, and on "timeout" a task made but no answer at all.
 */
export async function startBitrixReceiver() {
  const calls: BitrixCall[] = [];
  const held = new Set<ServerResponse>();
  let mode: BitrixMode = "success";
  let nextId = 1000;
  /** What Bitrix24 has made, answered or not: tasks.task.list reads it. */
  const tasks: { id: string; title: string }[] = [];
  let delayMs = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      let body: BitrixCall["body"] = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
      } catch {
        body = {};
      }
      calls.push({ method: req.method ?? "", path: req.url ?? "", body });
      const json = (status: number, payload: unknown) => {
        res.writeHead(status, { "content-type": "application/json; charset=utf-8", connection: "close" });
        res.end(JSON.stringify(payload));
      };
      const method = /\/(tasks\.task\.(?:add|list))(?:\.json)?$/.exec(req.url ?? "")?.[1];
      if (!method) {
        json(400, { error: "ERROR_METHOD_NOT_FOUND", error_description: "Method not found!" });
        return;
      }
      if (mode === "error") {
        json(400, { error: "ACCESS_DENIED", error_description: "Access denied!" });
        return;
      }
      if (method === "tasks.task.list") {
        const title = (body as { filter?: { TITLE?: unknown } }).filter?.TITLE;
        json(200, {
          result: { tasks: tasks.filter((task) => title === undefined || task.title === title) },
          total: tasks.length,
        });
        return;
      }
      // The task is made before the answer, as on the real service: a "timeout" loses only the answer.
      const id = String(++nextId);
      tasks.push({ id, title: String(body.fields?.TITLE ?? "") });
      if (mode === "timeout") {
        held.add(res);
        res.on("close", () => held.delete(res));
        return;
      }
      const answer = () =>
        json(200, {
          result: { task: { id, title: body.fields?.TITLE ?? "" } },
          time: { start: Date.now() / 1000, finish: Date.now() / 1000, duration: 0.01 },
        });
      if (delayMs > 0) setTimeout(answer, delayMs);
      else answer();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    /** What BITRIX24_WEBHOOK_URL would hold: the portal's REST path with user 7 and a key. */
    url: `http://127.0.0.1:${port}/rest/7/k3y9t0k3n/`,
    calls,
    setMode(next: BitrixMode) {
      mode = next;
    },
    /** Answer successes this much later (so a second click arrives while the first is in flight). */
    delay(ms: number) {
      delayMs = ms;
    },
    /** Every task made, answered or not. */
    tasks,
    reset() {
      calls.length = 0;
      tasks.length = 0;
      mode = "success";
      nextId = 1000;
      delayMs = 0;
      for (const res of held) res.destroy();
    },
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type BitrixReceiver = Awaited<ReturnType<typeof startBitrixReceiver>>;
