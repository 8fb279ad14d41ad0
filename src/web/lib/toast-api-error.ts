import type { Notice } from "@/domain/messages";
import { ApiRequestError } from "@/web/lib/api-client";
import { notifyError } from "@/web/lib/notify";

/**
 * What the toast of a failed call says:
 * - a code we know maps to its message from src/domain/messages (same words as the server);
 * - any other answer the server explains itself (4xx: a broken rule, rate limit...) shows the
 *   server's `message` and `description`;
 * - anything else (5xx, no network) shows `fallback`, with the server's message as description
 *   when there is one.
 */
export function apiErrorNotice(
  error: unknown,
  fallback: Notice,
  known: Partial<Record<string, Notice>> = {},
): Notice {
  if (!(error instanceof ApiRequestError)) return fallback;
  const notice = error.code ? known[error.code] : undefined;
  if (notice) return notice;
  if (error.fromServer && error.status >= 400 && error.status < 500)
    return { title: error.body.message, description: error.body.description };
  const description = error.status === 0 || error.fromServer ? error.body.message : fallback.description;
  return { title: fallback.title, description: description ?? fallback.description };
}

/** Shows the toast of a failed call (apiErrorNotice); an error that is not the API's is logged too. */
export function toastApiError(
  error: unknown,
  fallback: Notice,
  known: Partial<Record<string, Notice>> = {},
): void {
  if (!(error instanceof ApiRequestError)) console.error(error);
  const notice = apiErrorNotice(error, fallback, known);
  notifyError(notice.title, { description: notice.description });
}
