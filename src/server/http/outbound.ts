/*
 * Every call Balcão makes to another service (the automation webhooks, the plan
 * generator, Bitrix24) goes through here, so each has the same guards:
 *
 * - a deadline for the whole exchange, the answer's body included;
 * - a cap on the answer's size, read as a stream and abandoned at the cap (a
 *   receiver that answers an endless or enormous body costs us the cap, not
 *   our memory); past it the answer is either cut there or refused;
 * - redirects are never followed: a 3xx comes back as the answer it is (for
 *   Standard Webhooks a failure; following one would also send a signed body,
 *   or a Bitrix24 key, to wherever the receiver points);
 * - one error shape, OutboundError, whose message never repeats the URL (a
 *   Bitrix24 webhook URL carries its key).
 */

export type OutboundRequest = {
  url: string | URL;
  method?: "GET" | "POST" | "PUT";
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** The most of the answer's body that is read (after decompression). */
  maxResponseBytes: number;
  /** Past the cap: "truncate" keeps the first `maxResponseBytes`, "error" throws (the default). */
  onTooLarge?: "truncate" | "error";
};

export type OutboundResponse = {
  status: number;
  /** 2xx. */
  ok: boolean;
  headers: Headers;
  /** The body as UTF-8 text, at most `maxResponseBytes` of it. */
  text: string;
  /** The body went on past `maxResponseBytes` and was cut (only with onTooLarge: "truncate"). */
  truncated: boolean;
};

export type OutboundErrorKind = "timeout" | "network" | "too-large";

/**
 * A call that got no usable answer: no answer in time, none at all, or one too
 * large. Which one is `kind`; the message is short, for a log or a stored error.
 */
export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "OutboundError";
  }
}

export async function outboundRequest(request: OutboundRequest): Promise<OutboundResponse> {
  const url = String(request.url);
  const signal = AbortSignal.timeout(request.timeoutMs);
  try {
    const response = await fetch(url, {
      method: request.method ?? "GET",
      headers: request.headers ?? {},
      ...(request.body !== undefined ? { body: request.body } : {}),
      redirect: "manual",
      signal,
    });
    const { text, truncated } = await readCapped(response, request);
    return {
      status: response.status,
      ok: response.status >= 200 && response.status < 300,
      headers: response.headers,
      text,
      truncated,
    };
  } catch (err) {
    if (err instanceof OutboundError) throw err;
    if (signal.aborted) throw new OutboundError("timeout", `timed out after ${request.timeoutMs} ms`);
    throw new OutboundError("network", describeNetworkError(err, url));
  }
}

function tooLarge(max: number) {
  return new OutboundError("too-large", `answer larger than ${formatBytes(max)}`);
}

async function readCapped(
  response: Response,
  request: OutboundRequest,
): Promise<{ text: string; truncated: boolean }> {
  const max = request.maxResponseBytes;
  const refuse = (request.onTooLarge ?? "error") === "error";
  if (!response.body) return { text: "", truncated: false };
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (refuse && declared > max && !response.headers.has("content-encoding")) {
    await response.body.cancel().catch(() => {});
    throw tooLarge(max);
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > max) {
      chunks.push(value.subarray(0, max - size));
      size = max;
      truncated = true;
      // Stops the transfer: the rest is never read.
      await reader.cancel().catch(() => {});
      if (refuse) throw tooLarge(max);
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  return { text: new TextDecoder().decode(Buffer.concat(chunks, size)), truncated };
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/**
 * The error and its causes in one line (fetch's own message is only "fetch
 * failed"; the reason, ECONNREFUSED and the like, is in the cause), without the URL.
 */
function describeNetworkError(err: unknown, url: string): string {
  const parts: string[] = [];
  let current: unknown = err;
  for (let depth = 0; current && depth < 3; depth++) {
    if (current instanceof Error) {
      const code = (current as { code?: unknown }).code;
      parts.push(
        typeof code === "string" && !current.message.includes(code)
          ? `${code} ${current.message}`
          : current.message,
      );
      current = current.cause;
    } else {
      parts.push(String(current));
      break;
    }
  }
  const message = parts.join(": ") || "request failed";
  return message.split(url).join("[url]");
}
