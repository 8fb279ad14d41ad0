import { httpMessages } from "@/domain/messages";
import { ApiRequestError, NETWORK_ERROR_DESCRIPTION, NETWORK_ERROR_MESSAGE } from "@/web/lib/api-client";

/**
 * PUT and DELETE, which api-client does not have: same credentials, same
 * error (ApiRequestError with the server's `{ message, description?, code?, fields? }`).
 */
export async function sendJson<T>(method: "PUT" | "DELETE", path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: {
        accept: "application/json",
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new ApiRequestError(
      0,
      { message: NETWORK_ERROR_MESSAGE, description: NETWORK_ERROR_DESCRIPTION },
      false,
    );
  }
  if (response.status === 204) return undefined as T;

  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    if (
      typeof data === "object" &&
      data !== null &&
      typeof (data as { message?: unknown }).message === "string"
    ) {
      throw new ApiRequestError(response.status, data as ApiRequestError["body"]);
    }
    throw new ApiRequestError(
      response.status,
      response.status >= 500
        ? { message: httpMessages.internal, description: httpMessages.internalDescription }
        : { message: httpMessages.badRequest },
      false,
    );
  }
  return data as T;
}
