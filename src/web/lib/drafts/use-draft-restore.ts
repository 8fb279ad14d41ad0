import { useCallback, useEffect, useRef, useState } from "react";
import { ApiRequestError } from "@/web/lib/api-client";
import { notifyInfo } from "@/web/lib/notify";
import { type DraftKept, draftMessages } from "./draft";
import { draftStore } from "./draft-store";
import { currentOwner, rememberValues } from "./keep-draft";

/** The search parameter naming the refused draft a form page opens with ('Corrigir' in the banner). */
export const DRAFT_PARAM = "rascunho";
/** Sent on `window` when 'Corrigir' is pressed on the form's own page (the form stays mounted). */
const RESTORE_EVENT = "balcao:rascunho";

/** The form page's address that opens a refused draft, and the nudge for a form already open there. */
export function openDraftHref(formPath: string, id: string): string {
  return `${formPath}?${DRAFT_PARAM}=${encodeURIComponent(id)}`;
}

export function announceDraftOpened(id: string): void {
  window.dispatchEvent(new CustomEvent(RESTORE_EVENT, { detail: id }));
}

function draftInAddress(): string | null {
  return typeof window === "undefined" ? null : new URLSearchParams(window.location.search).get(DRAFT_PARAM);
}

type Restore = {
  /** Fills the form with the draft's values. */
  reset: (values: Record<string, unknown>) => void;
  /** Puts the server's field messages under the fields (use-server-form.ts's `markServerFields`). */
  markErrors: (error: ApiRequestError) => void;
};

/**
 * The drafts' part of a form (docs/decisions/066). Opened with `?rascunho=<id>`, the form is
 * filled with that refused draft's values and shows the server's messages, so nothing typed
 * offline is lost; the draft goes once the form is sent (or kept again). `kept` is the form's
 * answer to DraftKept: the 'Aguardando conexão' toast, and its values stored with the draft.
 */
export function useDraftRestore({ reset, markErrors }: Restore) {
  // Read from the address itself, not the router's hook: the kit's forms also render outside a router.
  const [wanted, setWanted] = useState(draftInAddress);
  useEffect(() => {
    const opened = (event: Event) => setWanted((event as CustomEvent<string>).detail);
    window.addEventListener(RESTORE_EVENT, opened);
    return () => window.removeEventListener(RESTORE_EVENT, opened);
  }, []);
  const restored = useRef<string | null>(null);
  const latest = useRef({ reset, markErrors });
  latest.current = { reset, markErrors };

  useEffect(() => {
    const owner = currentOwner();
    if (!wanted || !owner) return;
    let live = true;
    void draftStore.get(owner, wanted).then((draft) => {
      if (!live || !draft?.values) return;
      restored.current = draft.id;
      latest.current.reset(draft.values);
      if (draft.error) latest.current.markErrors(new ApiRequestError(400, draft.error));
    });
    return () => {
      live = false;
    };
  }, [wanted]);

  /** The form was sent: the draft it came from is done. */
  const settled = useCallback(() => {
    const owner = currentOwner();
    if (owner && restored.current) void draftStore.remove(owner, restored.current).catch(() => undefined);
    restored.current = null;
  }, []);

  const kept = useCallback(
    async (error: DraftKept, values: Record<string, unknown>) => {
      notifyInfo(draftMessages.keptTitle, { description: draftMessages.keptDescription });
      settled();
      await rememberValues(error.draft, values);
    },
    [settled],
  );

  return { settled, kept };
}
