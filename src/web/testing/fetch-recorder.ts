import { afterEach, beforeEach } from "vitest";

export type RecordedCall = { url: string; method: string; body: unknown };

/** A JSON answer, as the server sends it. */
export const jsonAnswer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * For a web test file that goes through the real mutations and API client: the browser's `fetch`
 * becomes a recorder that keeps every call (address, method, JSON body) and answers with the next
 * queued answer, else an empty 200; each test starts with none, and the real `fetch` comes back
 * after it.
 */
export function recordFetch() {
  const calls: RecordedCall[] = [];
  const answers: Response[] = [];
  const realFetch = globalThis.fetch;
  beforeEach(() => {
    calls.length = 0;
    answers.length = 0;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = typeof init?.body === "string" ? JSON.parse(init.body) : init?.body;
      calls.push({ url: String(input), method: init?.method ?? "GET", body });
      return answers.shift() ?? jsonAnswer(200, {});
    }) as typeof fetch;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  return {
    calls,
    /** The answer to the next call. */
    answer: (status: number, body: unknown) => answers.push(jsonAnswer(status, body)),
  };
}
