import type { FastifyBaseLogger } from "fastify";

export type BitrixTask = { title: string; description: string; deadline: string | null };

export class BitrixError extends Error {}

/**
 * Bitrix24's REST method tasks.task.add through an inbound webhook
 * (https://{portal}/rest/{user}/{key}/tasks.task.add.json): `{ fields: {...} }`
 * in, `{ result: { task: { id } } }` out, `{ error, error_description }` on failure.
 */
export function createBitrixClient(config: {
  webhookUrl: string;
  responsibleId: string;
  timeoutSeconds: number;
  log: FastifyBaseLogger;
}) {
  async function addTask(task: BitrixTask): Promise<string> {
    let response: Response;
    try {
      response = await fetch(new URL("tasks.task.add.json", config.webhookUrl), {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          fields: {
            TITLE: task.title,
            DESCRIPTION: task.description,
            RESPONSIBLE_ID: config.responsibleId,
            ...(task.deadline ? { DEADLINE: task.deadline } : {}),
          },
        }),
        signal: AbortSignal.timeout(config.timeoutSeconds * 1000),
      });
    } catch (err) {
      const timedOut = err instanceof DOMException && err.name === "TimeoutError";
      throw new BitrixError(timedOut ? "timeout" : `network: ${(err as Error).message}`);
    }
    const text = await response.text();
    let body: { result?: { task?: { id?: unknown } }; error?: unknown; error_description?: unknown } = {};
    try {
      body = JSON.parse(text);
    } catch {
      body = {};
    }
    const id = body.result?.task?.id;
    if (response.ok && (typeof id === "string" || typeof id === "number")) return String(id);
    const reason = `HTTP ${response.status}${body.error ? ` ${String(body.error)}` : ""}${
      body.error_description ? `: ${String(body.error_description)}` : ""
    }`;
    config.log.warn({ status: response.status, error: body.error }, "bitrix24 refused the task");
    throw new BitrixError(reason);
  }

  return { addTask };
}

export type BitrixClient = ReturnType<typeof createBitrixClient>;
