import type { FastifyBaseLogger } from "fastify";
import OpenAI from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { planMessages } from "@/domain/planning/messages";
import { type PlanContent, PlanContentSchema } from "@/domain/planning/plan-content.schema";
import type { PlanRequestInput } from "@/domain/planning/plan-request.schema";
import { type ClientRow, PLAN_ANSWER_MAX_BYTES } from "../automation-client";
import { issuesByPath } from "../plan-content";
import { planResponseFormat } from "./plan-json-schema";
import { correctionMessages, planMessagesFor } from "./plan-prompt";
import { calendarIssues, type PromptSkeleton, promptSkeleton } from "./plan-skeleton";

/** What the model's work came to: a plan that passed validation, or why there is none (in Portuguese for the viewer). */
export type LlmAnswer =
  | { kind: "content"; content: PlanContent; attempts: number }
  | { kind: "failed"; reason: string; message: string };

/** Retries the SDK makes on its own for 408, 409, 429, 5xx and dropped connections. */
const MAX_RETRIES = 2;

/** Seconds or an HTTP date (`retry-after`), or milliseconds (`retry-after-ms`, OpenAI's own). */
function retryAfterMs(headers: Headers): number | null {
  const ms = Number.parseFloat(headers.get("retry-after-ms") ?? "");
  if (!Number.isNaN(ms)) return ms;
  const value = headers.get("retry-after");
  if (!value) return null;
  const seconds = Number.parseFloat(value);
  if (!Number.isNaN(seconds)) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : date - Date.now();
}

/** The body, erroring once it passes `max` bytes: the SDK would read any answer whole. */
function capped(body: ReadableStream<Uint8Array> | null, max: number) {
  if (!body) return null;
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > max) controller.error(new Error(`answer larger than ${max} bytes`));
        else controller.enqueue(chunk);
      },
    }),
  );
}

/**
 * The SDK's fetch, held to the rules of every outbound call (`http/outbound.ts`):
 * redirects are not followed (a 3xx is a failure) and the answer is capped like
 * an automation's plan. And the SDK waits as long as a 429 or 503 asks, however
 * long: a wait that ends past the generation's deadline is a failure now, not a
 * plan stuck in 'gerando' until it times out (`x-should-retry: false` tells the
 * SDK not to retry).
 */
function fetchUntil(deadline: number): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, { ...init, redirect: "manual" });
    const headers = new Headers(response.headers);
    const wait = retryAfterMs(response.headers);
    if (wait !== null && Date.now() + wait >= deadline) headers.set("x-should-retry", "false");
    return new Response(capped(response.body, PLAN_ANSWER_MAX_BYTES), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  };
}

/** Why a call failed, for the log and for the person (erro_geracao). */
function failureOf(err: unknown): { reason: string; message: string } {
  if (err instanceof OpenAI.APIUserAbortError || err instanceof OpenAI.APIConnectionTimeoutError) {
    return { reason: "timeout", message: planMessages.generationTimedOut };
  }
  if (err instanceof OpenAI.APIConnectionError) {
    return { reason: `connection: ${err.message}`, message: planMessages.llmUnreachable };
  }
  if (err instanceof OpenAI.RateLimitError)
    return { reason: "HTTP 429", message: planMessages.llmRateLimited };
  if (err instanceof OpenAI.AuthenticationError || err instanceof OpenAI.PermissionDeniedError) {
    return { reason: `HTTP ${err.status}`, message: planMessages.llmUnauthorized };
  }
  if (err instanceof OpenAI.NotFoundError)
    return { reason: "HTTP 404", message: planMessages.llmModelNotFound };
  if (err instanceof OpenAI.APIError) {
    return { reason: `HTTP ${err.status ?? "?"}: ${err.message}`, message: planMessages.generationFailed };
  }
  // An answer cut at the cap, or a body that is not JSON, fails while the SDK reads it.
  return { reason: err instanceof Error ? err.message : String(err), message: planMessages.generationFailed };
}

type Reading =
  | { kind: "content"; content: PlanContent }
  | { kind: "refused"; reason: string }
  | { kind: "invalid"; answer: string; problems: Record<string, string> };

/** Reads one completion: refused, a plan that fits the schema and the calendar, or what is wrong with it. */
function readCompletion(completion: OpenAI.ChatCompletion, skeleton: PromptSkeleton): Reading {
  // Some compatible servers answer 200 with an error object and no choices.
  const choice = completion.choices?.[0];
  if (choice?.message.refusal) return { kind: "refused", reason: choice.message.refusal };
  if (choice?.finish_reason === "content_filter") return { kind: "refused", reason: "content_filter" };
  const answer = choice?.message.content ?? "";
  let json: unknown;
  try {
    json = JSON.parse(answer);
  } catch {
    const cut = choice?.finish_reason === "length" ? " (cortada no limite de tokens)" : "";
    return { kind: "invalid", answer, problems: { _: `A resposta não é um JSON válido${cut}` } };
  }
  const parsed = PlanContentSchema.safeParse(json);
  if (!parsed.success) return { kind: "invalid", answer, problems: issuesByPath(parsed.error) };
  const problems = calendarIssues(parsed.data, skeleton);
  if (Object.keys(problems).length > 0) return { kind: "invalid", answer, problems };
  return { kind: "content", content: parsed.data };
}

/**
 * Plans from a language model behind an OpenAI-compatible chat completions API
 * (OpenAI, Azure OpenAI, OpenRouter, Ollama, vLLM), with structured output.
 * The answer must fit PlanContentSchema and the month's calendar; if it does
 * not, the model is asked once more with what is wrong, and a second miss fails
 * the plan. Every call of one generation shares its deadline (PLAN_GENERATOR_TIMEOUT).
 */
export function createPlanLlm(config: {
  baseUrl: string;
  model: string;
  apiKey: string | undefined;
  timeoutSeconds: number;
  log: FastifyBaseLogger;
}) {
  async function requestPlan(input: { request: PlanRequestInput; client: ClientRow }): Promise<LlmAnswer> {
    const deadline = Date.now() + config.timeoutSeconds * 1000;
    // A client per generation: its fetch knows this generation's deadline (the constructor only stores options).
    const openai = new OpenAI({
      baseURL: config.baseUrl,
      // Ollama and vLLM take no key, and the SDK refuses to start without one.
      apiKey: config.apiKey ?? "sem-chave",
      maxRetries: MAX_RETRIES,
      timeout: config.timeoutSeconds * 1000,
      fetch: fetchUntil(deadline),
      logLevel: "warn",
      logger: {
        error: (message: string) => config.log.error(`openai: ${message}`),
        warn: (message: string) => config.log.warn(`openai: ${message}`),
        info: () => {},
        debug: () => {},
      },
    });
    const skeleton = promptSkeleton(input.request);
    const messages: ChatCompletionMessageParam[] = planMessagesFor({ ...input, skeleton });

    for (let attempt = 1; ; attempt++) {
      const left = deadline - Date.now();
      if (left <= 0) return { kind: "failed", reason: "timeout", message: planMessages.generationTimedOut };
      let completion: OpenAI.ChatCompletion;
      try {
        completion = await openai.chat.completions.create(
          { model: config.model, messages, response_format: planResponseFormat },
          // The signal ends retries too: the SDK's own timeout is per try.
          { timeout: left, signal: AbortSignal.timeout(left) },
        );
      } catch (err) {
        return { kind: "failed", ...failureOf(err) };
      }
      const reading = readCompletion(completion, skeleton);
      if (reading.kind === "content") return { kind: "content", content: reading.content, attempts: attempt };
      if (reading.kind === "refused") {
        return { kind: "failed", reason: `refused: ${reading.reason}`, message: planMessages.llmRefused };
      }
      if (attempt === 2) {
        const [path, problem] = Object.entries(reading.problems)[0] ?? ["_", ""];
        return {
          kind: "failed",
          reason: `invalid twice (${Object.keys(reading.problems).length} problems)`,
          message: `${planMessages.invalidContent}: ${path === "_" ? "" : `${path}: `}${problem}`,
        };
      }
      config.log.info(
        { problems: Object.keys(reading.problems).length },
        "plan LLM answer did not fit; asking once more",
      );
      messages.push(...correctionMessages(reading.answer, reading.problems));
    }
  }

  return { model: config.model, requestPlan };
}

export type PlanLlm = ReturnType<typeof createPlanLlm>;
