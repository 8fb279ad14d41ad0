import { CloudOff, TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/web/components/ui/button";
import { type Draft, refusalText } from "@/web/lib/drafts/draft";
import { draftStore, useDrafts } from "@/web/lib/drafts/draft-store";
import { announceDraftOpened, openDraftHref } from "@/web/lib/drafts/use-draft-restore";
import { useDraftSender } from "../lib/use-draft-sender";

function waitingText(drafts: readonly Draft[]): string {
  if (drafts.length === 1) {
    return `Sua solicitação de ${drafts[0]!.label} está guardada neste aparelho e será enviada quando a conexão voltar.`;
  }
  return `${drafts.length} solicitações estão guardadas neste aparelho e serão enviadas quando a conexão voltar.`;
}

function RefusedDraft({ draft }: { draft: Draft }) {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-destructive/40 bg-card p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 gap-3">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
        <div className="min-w-0">
          <p className="text-sm font-medium">Solicitação de {draft.label} não enviada</p>
          <p className="text-sm text-muted-foreground">{refusalText(draft.error)}</p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => void draftStore.remove(draft.owner, draft.id)}
        >
          Descartar
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link to={openDraftHref(draft.formPath, draft.id)} onClick={() => announceDraftOpened(draft.id)}>
            Corrigir
          </Link>
        </Button>
      </div>
    </div>
  );
}

/**
 * Above every signed-in page (docs/decisions/066): the requests kept on this device, 'Aguardando
 * conexão' until they are sent, and those the server refused, each with 'Corrigir' (its form
 * filled again, with the server's messages). Nothing when there are none. It also runs the sender.
 */
export function PendingDrafts({ owner }: { owner: string }) {
  const drafts = useDrafts(owner);
  const waiting = drafts.filter((draft) => draft.state === "waiting");
  const refused = drafts.filter((draft) => draft.state === "refused");
  useDraftSender(owner, waiting.length);
  if (drafts.length === 0) return null;
  return (
    <section aria-label="Solicitações guardadas neste aparelho" className="mb-4 grid gap-2">
      {waiting.length > 0 ? (
        <div
          role="status"
          className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
        >
          <CloudOff className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
          <div className="min-w-0">
            <p className="text-sm font-medium">Aguardando conexão</p>
            <p className="text-sm text-amber-900/90">{waitingText(waiting)}</p>
          </div>
        </div>
      ) : null}
      {refused.map((draft) => (
        <RefusedDraft key={draft.id} draft={draft} />
      ))}
    </section>
  );
}
