import type { IncomingHttpHeaders } from "node:http";
import { startWebhookReceiver } from "../../../../outbox/testing/webhook-receiver";

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

export type ChatAnswer = { status: number; body: string; headers?: Record<string, string> };

const JSON_HEADERS = { "content-type": "application/json" };

/** An answer with this status and JSON body. */
export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): ChatAnswer {
  return { status, body: JSON.stringify(body), headers: { ...JSON_HEADERS, ...headers } };
}

/** A chat completion whose single choice says `content` (a plan object is sent as its JSON text). */
export function completion(content: unknown, message: { refusal?: string } = {}): ChatAnswer {
  return jsonAnswer(200, {
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
  });
}

/**
 * The part of the OpenAI chat completions API the plan LLM uses
 * (`POST {base}/chat/completions`), on the webhook receiver: a real HTTP server
 * on loopback that records each request and answers as told.
 */
export async function startFakeChatServer() {
  const receiver = await startWebhookReceiver();
  return {
    /** The base URL, as PLAN_LLM_URL takes it. */
    url: `http://127.0.0.1:${receiver.port}/v1`,
    /** The requests so far, their JSON bodies parsed. */
    get received(): ChatRequest[] {
      return receiver.received.map(({ method, path, headers, body }) => ({
        method,
        path,
        headers,
        body: JSON.parse(body),
      }));
    },
    /** Answer the next requests with these, in order. */
    queue: (...answers: ChatAnswer[]) => receiver.queue(...answers),
    /** Wait this long before every answer. */
    delay: receiver.delay,
    /** Answer with the start of a completion, then filler without end, until the client hangs up. */
    respondEndless: () => receiver.respondEndless(200, '{"choices":[{"message":{"content":"', JSON_HEADERS),
    reset: receiver.reset,
    close: receiver.close,
  };
}
