import type { Me } from "@/domain/auth/auth.schema";
import { ApiRequestError, api, NETWORK_ERROR_DESCRIPTION, NETWORK_ERROR_MESSAGE } from "@/web/lib/api-client";
import { ME_QUERY_KEY, queryClient } from "@/web/lib/query-client";
import { xhrPost } from "@/web/lib/upload/xhr-post";
import { type Draft, type DraftBody, DraftKept } from "./draft";
import { draftStore } from "./draft-store";

/*
 * The submit pipeline's side of the drafts (docs/decisions/066): a request form sent with no
 * connection, or whose call fails on the network, is kept on the device instead of lost, and the
 * form hears DraftKept. The server may have stored it before the answer was lost; sending the
 * draft later under the same Idempotency-Key then returns that request instead of a second one.
 */

/** The signed-in person, whose drafts these are; none before `me` has answered. */
export function currentOwner(): string | undefined {
  return queryClient.getQueryData<Me | null>(ME_QUERY_KEY)?.user.id;
}

export type DraftCall = { id: string; path: string; label: string; body: DraftBody };

/** The multipart body of a draft, as send-request.ts writes a request form's (texts first, then the files). */
export function formDataOf(body: Extract<DraftBody, { type: "multipart" }>): FormData {
  const form = new FormData();
  for (const [name, value] of body.fields) form.append(name, value);
  for (const file of body.files) form.append(body.fileField, file, file.name);
  return form;
}

/** Sends a draft as its form would have (no progress bar: it goes in the background). */
export function sendDraft<T>(draft: Pick<Draft, "id" | "path" | "body">): Promise<T> {
  const headers = { "idempotency-key": draft.id };
  if (draft.body.type === "json") return api.post<T>(draft.path, draft.body.data, { headers });
  return xhrPost<T>(draft.path, formDataOf(draft.body), headers);
}

async function keep(owner: string, call: DraftCall, failure: unknown): Promise<never> {
  const draft: Draft = {
    ...call,
    owner,
    formPath: window.location.pathname,
    state: "waiting",
    savedAt: Date.now(),
  };
  try {
    await draftStore.put(draft);
  } catch {
    // No IndexedDB (a private window may refuse it): the failure is shown as it was.
    throw failure;
  }
  throw new DraftKept(draft);
}

/**
 * Makes the call, or keeps it as a draft when there is no connection: at once when the browser
 * knows it is offline, or when the call fails on the network (status 0). Anything else the
 * server answered is the form's to show.
 */
export async function sendOrKeep<T>(call: DraftCall, send: () => Promise<T>): Promise<T> {
  const owner = currentOwner();
  if (owner && typeof navigator !== "undefined" && navigator.onLine === false) {
    const offline = { message: NETWORK_ERROR_MESSAGE, description: NETWORK_ERROR_DESCRIPTION };
    return keep(owner, call, new ApiRequestError(0, offline, false));
  }
  try {
    return await send();
  } catch (error) {
    if (owner && error instanceof ApiRequestError && error.status === 0) return keep(owner, call, error);
    throw error;
  }
}

/** The form's values as typed, kept with its draft to fill the form again if the server refuses it. */
export async function rememberValues(draft: Draft, values: Record<string, unknown>): Promise<void> {
  await draftStore.put({ ...draft, values }).catch(() => undefined);
}
