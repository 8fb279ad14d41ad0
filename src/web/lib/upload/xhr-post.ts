import type { ApiError } from "@/domain/auth/auth.schema";
import { httpMessages } from "@/domain/messages";
import { ApiRequestError, NETWORK_ERROR_DESCRIPTION, NETWORK_ERROR_MESSAGE } from "@/web/lib/api-client";

/*
 * A multipart POST through XMLHttpRequest, the one browser API that reports an upload's progress
 * (`upload.onprogress`; fetch cannot). Its answers and failures are those of api-client.ts: the
 * API's JSON, an ApiRequestError with the server's body, status 0 when the network failed.
 */

function isApiErrorBody(value: unknown): value is ApiError {
  return typeof value === "object" && value !== null && typeof (value as ApiError).message === "string";
}

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function failure(status: number, data: unknown): ApiRequestError {
  if (isApiErrorBody(data)) return new ApiRequestError(status, data);
  const fallback: ApiError =
    status >= 500
      ? { message: httpMessages.internal, description: httpMessages.internalDescription }
      : { message: httpMessages.badRequest };
  return new ApiRequestError(status, fallback, false);
}

export function xhrPost<T>(
  path: string,
  body: FormData,
  headers: Record<string, string>,
  onProgress?: (loaded: number, total: number) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (onProgress) {
      xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : 0);
    }
    xhr.onload = () => {
      const data = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) resolve((xhr.status === 204 ? undefined : data) as T);
      else reject(failure(xhr.status, data));
    };
    const offline = () =>
      reject(
        new ApiRequestError(
          0,
          { message: NETWORK_ERROR_MESSAGE, description: NETWORK_ERROR_DESCRIPTION },
          false,
        ),
      );
    xhr.onerror = offline;
    xhr.ontimeout = offline;
    xhr.onabort = offline;
    xhr.send(body);
  });
}
