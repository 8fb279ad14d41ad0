import type { FastifyBaseLogger } from "fastify";
import { OutboundError, type OutboundResponse, outboundRequest } from "../../http/outbound";

/**
 * Bitrix24 answers a task or a short list (our filter matches one title): a
 * few KiB. Anything past this is not an answer we can use.
 */
const BITRIX_ANSWER_MAX_BYTES = 256 * 1024;

export type BitrixTask = { title: string; description: string; deadline: string | null };

/**
 * A call that did not make a task. `uncertain`: no answer came (timeout,
 * broken connection), so Bitrix24 may have made it all the same.
 */
export class BitrixError extends Error {
  constructor(
    message: string,
    readonly uncertain = false,
  ) {
    super(message);
  }
}

type BitrixAnswer = {
  result?: { task?: { id?: unknown }; tasks?: { id?: unknown; title?: unknown }[] };
  error?: unknown;
  error_description?: unknown;
};

/**
 * Bitrix24's REST methods through an inbound webhook
 * (https://{portal}/rest/{user}/{key}/{method}.json): `tasks.task.add` with
 * `{ fields }` answers `{ result: { task: { id } } }`; `tasks.task.list` with
 * `{ filter, select }` answers `{ result: { tasks: [...] } }`; a refusal is
 * `{ error, error_description }`.
 */
export function createBitrixClient(config: {
  webhookUrl: string;
  responsibleId: string;
  timeoutSeconds: number;
  log: FastifyBaseLogger;
}) {
  async function call(method: string, body: unknown): Promise<BitrixAnswer> {
    let response: OutboundResponse;
    try {
      response = await outboundRequest({
        url: new URL(`${method}.json`, config.webhookUrl),
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(body),
        timeoutMs: config.timeoutSeconds * 1000,
        maxResponseBytes: BITRIX_ANSWER_MAX_BYTES,
      });
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      // No answer we could read: Bitrix24 may have done it all the same.
      throw new BitrixError(err.kind === "timeout" ? "timeout" : `${err.kind}: ${err.message}`, true);
    }
    let answer: BitrixAnswer = {};
    try {
      answer = JSON.parse(response.text);
    } catch {
      answer = {};
    }
    if (response.ok && answer.result) return answer;
    const reason = `HTTP ${response.status}${answer.error ? ` ${String(answer.error)}` : ""}${
      answer.error_description ? `: ${String(answer.error_description)}` : ""
    }`;
    config.log.warn({ method, status: response.status, error: answer.error }, "bitrix24 refused the call");
    throw new BitrixError(reason);
  }

  async function addTask(task: BitrixTask): Promise<string> {
    const answer = await call("tasks.task.add", {
      fields: {
        TITLE: task.title,
        DESCRIPTION: task.description,
        RESPONSIBLE_ID: config.responsibleId,
        ...(task.deadline ? { DEADLINE: task.deadline } : {}),
      },
    });
    const id = answer.result?.task?.id;
    if (typeof id === "string" || typeof id === "number") return String(id);
    throw new BitrixError("answer without a task id", true);
  }

  /** The id of a task of ours with exactly this title, if Bitrix24 has one. */
  async function findTask(title: string): Promise<string | null> {
    const answer = await call("tasks.task.list", {
      filter: { TITLE: title, RESPONSIBLE_ID: config.responsibleId },
      select: ["ID", "TITLE"],
    });
    const found = (answer.result?.tasks ?? []).find((task) => task.title === title);
    return found && (typeof found.id === "string" || typeof found.id === "number") ? String(found.id) : null;
  }

  return { addTask, findTask };
}

export type BitrixClient = ReturnType<typeof createBitrixClient>;
