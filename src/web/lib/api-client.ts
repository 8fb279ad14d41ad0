import type { ApiError } from "@/domain/auth/auth.schema";
import { httpMessages } from "@/domain/messages";

/** ours: shown when the server cannot be reached at all. */
export const NETWORK_ERROR_MESSAGE = "Não foi possível conectar ao servidor";
export const NETWORK_ERROR_DESCRIPTION = "Verifique sua conexão e tente novamente.";

/**
 * A non-2xx answer from our API (or no answer: status 0). `body` is the API's
 * single error shape `{ message, description?, code?, fields? }`.
 */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly body: ApiError;
  /** False when the body is ours (network failure, or an answer that was not our JSON error). */
  readonly fromServer: boolean;

  constructor(status: number, body: ApiError, fromServer = true) {
    super(body.message);
    this.name = "ApiRequestError";
    this.status = status;
    this.body = body;
    this.fromServer = fromServer;
  }

  get code(): string | undefined {
    return this.body.code;
  }

  /** Worth retrying: the network failed or the server had a (possibly passing) problem. */
  get isTransient(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

type RequestOptions = { signal?: AbortSignal; headers?: Record<string, string> };

function isApiErrorBody(value: unknown): value is ApiError {
  return typeof value === "object" && value !== null && typeof (value as ApiError).message === "string";
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

async function request<T>(method: Method, path: string, body?: unknown, opts: RequestOptions = {}) {
  // A FormData body goes as multipart: the browser writes its content-type with the boundary.
  const form = body instanceof FormData ? body : null;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: {
        accept: "application/json",
        ...(method !== "GET" && method !== "DELETE" && !form ? { "content-type": "application/json" } : {}),
        ...opts.headers,
      },
      // Fastify answers 400 to a JSON body that is empty: always send an object.
      body: method === "GET" || method === "DELETE" ? undefined : (form ?? JSON.stringify(body ?? {})),
      signal: opts.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiRequestError(
      0,
      { message: NETWORK_ERROR_MESSAGE, description: NETWORK_ERROR_DESCRIPTION },
      false,
    );
  }

  if (response.status === 204) return undefined as T;

  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }

  if (!response.ok) {
    const fallback: ApiError =
      response.status >= 500
        ? { message: httpMessages.internal, description: httpMessages.internalDescription }
        : { message: httpMessages.badRequest };
    if (isApiErrorBody(data)) throw new ApiRequestError(response.status, data);
    throw new ApiRequestError(response.status, fallback, false);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>("GET", path, undefined, opts),
  /** JSON, or multipart when `body` is a FormData. */
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>("POST", path, body, opts),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>("PUT", path, body, opts),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>("PATCH", path, body, opts),
  delete: <T = void>(path: string, opts?: RequestOptions) => request<T>("DELETE", path, undefined, opts),
};
