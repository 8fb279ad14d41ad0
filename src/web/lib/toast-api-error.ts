import type { Notice } from "@/domain/messages";
import { ApiRequestError } from "@/web/lib/api-client";
import { notifyError } from "@/web/lib/notify";

/**
 * Shows the toast for a failed auth call:
 * - a code we know maps to its message from src/domain/messages (same words as the server);
 * - any other answer the server explains itself (4xx: a broken rule, rate limit...) shows the
 *   server's `message` and `description`;
 * - anything else (5xx, no network) shows `fallback`, with the server's message as description
 *   when there is one.
 */
export function toastApiError(
  error: unknown,
  fallback: Notice,
  known: Partial<Record<string, Notice>> = {},
): void {
  if (!(error instanceof ApiRequestError)) {
    console.error(error);
    notifyError(fallback.title, { description: fallback.description });
    return;
  }
  const notice = error.code ? known[error.code] : undefined;
  if (notice) {
    notifyError(notice.title, { description: notice.description });
    return;
  }
  if (error.fromServer && error.status >= 400 && error.status < 500) {
    notifyError(error.body.message, { description: error.body.description });
    return;
  }
  const description = error.status === 0 || error.fromServer ? error.body.message : fallback.description;
  notifyError(fallback.title, { description: description ?? fallback.description });
}
