import type { ApiError } from "@/domain/auth/auth.schema";
import { httpMessages } from "@/domain/messages";
import { ApiRequestError, NETWORK_ERROR_DESCRIPTION, NETWORK_ERROR_MESSAGE } from "@/web/lib/api-client";

/*
 * POSTs of the request forms. The shared api client sends JSON only and no
 * extra headers; these carry an Idempotency-Key (a retried or double-sent
 * submission is saved once) and, for the forms with files, a multipart body.
 * Failures are the same ApiRequestError as everywhere else, so the query
 * client's 401 handling applies.
 */

function isApiErrorBody(value: unknown): value is ApiError {
  return typeof value === "object" && value !== null && typeof (value as ApiError).message === "string";
}

async function send<T>(path: string, body: BodyInit, headers: Record<string, string>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { method: "POST", credentials: "same-origin", headers, body });
  } catch {
    throw new ApiRequestError(
      0,
      { message: NETWORK_ERROR_MESSAGE, description: NETWORK_ERROR_DESCRIPTION },
      false,
    );
  }
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
    if (isApiErrorBody(data)) throw new ApiRequestError(response.status, data);
    const fallback: ApiError =
      response.status >= 500
        ? { message: httpMessages.internal, description: httpMessages.internalDescription }
        : { message: httpMessages.badRequest };
    throw new ApiRequestError(response.status, fallback, false);
  }
  return data as T;
}

export function postJson<T>(path: string, body: unknown, idempotencyKey: string): Promise<T> {
  return send<T>(path, JSON.stringify(body ?? {}), {
    "content-type": "application/json",
    accept: "application/json",
    "idempotency-key": idempotencyKey,
  });
}

/**
 * The server reads the text fields before the files (it streams the files into
 * storage as they arrive), so they are appended first, in the order given.
 */
export function postMultipart<T>(
  path: string,
  fields: Record<string, string>,
  files: { name: string; files: readonly File[] },
  idempotencyKey: string,
): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files.files) form.append(files.name, file, file.name);
  // No content-type: the browser writes it with the multipart boundary.
  return send<T>(path, form, { accept: "application/json", "idempotency-key": idempotencyKey });
}

/** Retries once what may pass on its own (no network, 5xx): safe, as the retry reuses the same key. */
export function retryTransientOnce(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && error instanceof ApiRequestError && error.isTransient;
}
