import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { draftMessages, refusalText } from "@/web/lib/drafts/draft";
import { sendWaitingDrafts, singleFlight } from "@/web/lib/drafts/draft-queue";
import { draftStore } from "@/web/lib/drafts/draft-store";
import { sendDraft } from "@/web/lib/drafts/keep-draft";
import { notifyError, notifySuccess } from "@/web/lib/notify";

/** How often waiting drafts are tried while the browser believes it is online (a lost answer, a 5xx). */
const RETRY_MS = 30_000;

const sentDescription = (labels: string[]) =>
  labels.length === 1
    ? draftMessages.sentDescription(labels[0]!)
    : `${labels.length} solicitações que aguardavam conexão foram enviadas.`;

/**
 * Sends the person's waiting drafts (docs/decisions/066): when the page opens, when the browser
 * says the connection is back (`online`), and every RETRY_MS while some wait. 'Enviada' for what
 * went, the lists refetched; a refused draft says so and waits in the banner to be corrected.
 */
export function useDraftSender(owner: string, waiting: number) {
  const queryClient = useQueryClient();
  const send = useMemo(() => {
    const round = singleFlight(async () => {
      if (navigator.onLine === false) return;
      const result = await sendWaitingDrafts(draftStore, owner, sendDraft);
      if (result.sent.length > 0) {
        notifySuccess(draftMessages.sentTitle, {
          description: sentDescription(result.sent.map(({ draft }) => draft.label)),
        });
        await queryClient.invalidateQueries({
          predicate: (query) => !["me", "config"].includes(String(query.queryKey[0])),
        });
      } else if (result.refused.length > 0) {
        notifyError(draftMessages.refusedTitle, { description: refusalText(result.refused[0]!.error) });
      }
    });
    return () => void round().catch(() => undefined);
  }, [owner, queryClient]);

  useEffect(() => {
    send();
    window.addEventListener("online", send);
    return () => window.removeEventListener("online", send);
  }, [send]);

  useEffect(() => {
    if (waiting === 0) return;
    const timer = window.setInterval(send, RETRY_MS);
    return () => window.clearInterval(timer);
  }, [send, waiting]);
}
