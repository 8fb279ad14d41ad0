import type { Notice } from "@/domain/messages";
import { ApiRequestError } from "@/web/lib/api-client";
import { notifyError } from "@/web/lib/notify";

/**
 * Where the server's field messages go: the form's fields in screen order (the
 * server names them as the form does), or a function that turns the server's
 * name into the form's (null: not a field of the form), taken in the server's order.
 */
export type ServerFields<F extends string> = readonly F[] | ((serverName: string) => F | null);

/**
 * A failed submission: the form's error toast (spec §8 Requests), and for a
 * refused one (400, or 413 for a file) the server's message under each field
 * it names, the first broken field of the form focused. `mark` receives them in
 * the form's order. A 401 shows nothing: the session is gone and the app
 * already sends the user to /login.
 */
export function showSubmitError<F extends string>(
  error: unknown,
  notice: Notice,
  fieldOrder: ServerFields<F>,
  mark: (field: F, message: string, focus: boolean) => void,
): void {
  if (error instanceof ApiRequestError && error.status === 401) return;
  if (!(error instanceof ApiRequestError)) console.error(error);
  notifyError(notice.title, { description: notice.description });
  markServerFields(error, fieldOrder, mark);
}

/** The server's message under each field of the form it names; false when it named none. */
export function markServerFields<F extends string>(
  error: unknown,
  fieldOrder: ServerFields<F>,
  mark: (field: F, message: string, focus: boolean) => void,
): boolean {
  const fields = error instanceof ApiRequestError ? error.body.fields : undefined;
  if (!fields) return false;
  const marks: [F, unknown][] =
    typeof fieldOrder === "function"
      ? Object.entries(fields).flatMap(([name, message]) => {
          const field = fieldOrder(name);
          return field === null ? [] : [[field, message] as [F, unknown]];
        })
      : fieldOrder.map((field) => [field, fields[field]]);
  let first = true;
  for (const [field, message] of marks) {
    if (typeof message !== "string") continue;
    mark(field, message, first);
    first = false;
  }
  return !first;
}

/** The server's own explanation of a failure, for the toasts that show it (spec §8 Scholarship). */
export function errorExplanation(error: unknown): string | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  return error.body.description ?? error.body.message;
}
