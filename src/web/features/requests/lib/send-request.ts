import { ApiRequestError, api } from "@/web/lib/api-client";

/*
 * POSTs of the request forms: each carries an Idempotency-Key, so a retried or
 * double-sent submission is saved once; the forms with files send multipart.
 */

export function postJson<T>(path: string, body: unknown, idempotencyKey: string): Promise<T> {
  return api.post<T>(path, body, { headers: { "idempotency-key": idempotencyKey } });
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
  return api.post<T>(path, form, { headers: { "idempotency-key": idempotencyKey } });
}

/** Retries once what may pass on its own (no network, 5xx): safe, as the retry reuses the same key. */
export function retryTransientOnce(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && error instanceof ApiRequestError && error.isTransient;
}
