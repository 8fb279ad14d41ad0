import { ApiRequestError, api } from "@/web/lib/api-client";
import type { DraftBody } from "@/web/lib/drafts/draft";
import { formDataOf, sendOrKeep } from "@/web/lib/drafts/keep-draft";
import { prepareFiles } from "@/web/lib/images/prepare-files";
import { endUploadProgress, reportUploadProgress } from "@/web/lib/upload/upload-progress";
import { xhrPost } from "@/web/lib/upload/xhr-post";

/*
 * POSTs of the request forms: each carries an Idempotency-Key, so a retried or
 * double-sent submission is saved once; the forms with files send multipart.
 * A new request (`keepAs` given: its kind's label) sent without a connection is
 * kept on the device and sent when the connection returns, under the same key
 * (docs/decisions/066).
 */

export function postJson<T>(
  path: string,
  body: unknown,
  idempotencyKey: string,
  keepAs?: string,
): Promise<T> {
  const send = () => api.post<T>(path, body, { headers: { "idempotency-key": idempotencyKey } });
  if (!keepAs) return send();
  return sendOrKeep({ id: idempotencyKey, path, label: keepAs, body: { type: "json", data: body } }, send);
}

/** The files as uploaded: large photos reduced, HEIC converted (docs/decisions/065); as chosen if that fails. */
async function uploaded(files: readonly File[]): Promise<File[]> {
  try {
    return await prepareFiles(files);
  } catch {
    return [...files];
  }
}

/**
 * The server reads the text fields before the files (it streams the files into
 * storage as they arrive), so they are appended first, in the order given. The
 * upload reports its progress to the form's progress bar (lib/upload).
 */
export async function postMultipart<T>(
  path: string,
  fields: Record<string, string>,
  files: { name: string; files: readonly File[] },
  idempotencyKey: string,
  keepAs?: string,
): Promise<T> {
  const body: Extract<DraftBody, { type: "multipart" }> = {
    type: "multipart",
    fields: Object.entries(fields),
    fileField: files.name,
    files: await uploaded(files.files),
  };
  const send = async () => {
    // The bar shows from the start: a slow network may take a while to report the first bytes.
    reportUploadProgress(0, 1);
    try {
      return await xhrPost<T>(
        path,
        formDataOf(body),
        { "idempotency-key": idempotencyKey },
        reportUploadProgress,
      );
    } finally {
      endUploadProgress();
    }
  };
  if (!keepAs) return send();
  return sendOrKeep({ id: idempotencyKey, path, label: keepAs, body }, send);
}

/** Retries once what may pass on its own (no network, 5xx): safe, as the retry reuses the same key. */
export function retryTransientOnce(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && error instanceof ApiRequestError && error.isTransient;
}
