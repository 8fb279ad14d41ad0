import { SECOND_FACTOR_OWED_CODES } from "@/domain/auth/second-factor-codes";
import { ApiRequestError } from "@/web/lib/api-client";
import type { Draft } from "./draft";

/*
 * Sending the drafts kept without a connection (docs/decisions/066). Pure of the browser: the
 * store and the call are passed in, so the rules are tested without IndexedDB or a network.
 */

/** Where drafts are kept: IndexedDB in the browser (draft-store.ts), a Map in the tests. */
export type DraftStore = {
  list(owner: string): Promise<Draft[]>;
  get(owner: string, id: string): Promise<Draft | undefined>;
  put(draft: Draft): Promise<void>;
  remove(owner: string, id: string): Promise<void>;
  clear(owner: string): Promise<void>;
};

/**
 * What a failed send means for the draft: `wait` (the network or the server failed: the same
 * call may pass later, and the key keeps it from being stored twice), `stop` (the session ended
 * or owes a second factor: kept until the person is back) or `refused` (the server judged it:
 * sending it again changes nothing, so it goes back to its form with the server's messages).
 */
export function failureOutcome(error: unknown): "wait" | "stop" | "refused" {
  if (!(error instanceof ApiRequestError)) return "wait";
  const { status } = error;
  if (status === 0 || status >= 500 || status === 408 || status === 429) return "wait";
  if (status === 401) return "stop";
  if (status === 403 && error.code && SECOND_FACTOR_OWED_CODES.includes(error.code)) return "stop";
  return "refused";
}

export type SendRound<R> = {
  sent: { draft: Draft; result: R }[];
  refused: Draft[];
  /** Drafts still waiting after the round. */
  waiting: number;
};

/**
 * Sends the owner's waiting drafts, oldest first, each under its own Idempotency-Key: a sent one
 * is removed, a refused one kept as refused with the server's answer. The round stops at the first
 * network failure or ended session (the next would fail alike) and leaves the rest waiting.
 */
export async function sendWaitingDrafts<R>(
  store: DraftStore,
  owner: string,
  send: (draft: Draft) => Promise<R>,
): Promise<SendRound<R>> {
  const waiting = (await store.list(owner))
    .filter((draft) => draft.state === "waiting")
    .sort((a, b) => a.savedAt - b.savedAt);
  const round: SendRound<R> = { sent: [], refused: [], waiting: waiting.length };
  for (const draft of waiting) {
    let result: R;
    try {
      result = await send(draft);
    } catch (error) {
      const outcome = failureOutcome(error);
      if (outcome !== "refused") break;
      const refused: Draft = { ...draft, state: "refused", error: (error as ApiRequestError).body };
      await store.put(refused);
      round.refused.push(refused);
      round.waiting -= 1;
      continue;
    }
    await store.remove(owner, draft.id);
    round.sent.push({ draft, result });
    round.waiting -= 1;
  }
  return round;
}

/** One round at a time per page: the `online` event, the timer and the page's opening may coincide. */
export function singleFlight<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };
}
