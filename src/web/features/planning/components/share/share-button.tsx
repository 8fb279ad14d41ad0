import { Copy, Link2, Loader2, Share2, Unlink } from "lucide-react";
import { useState } from "react";
import { planMessages } from "@/domain/planning/messages";
import { SHARE_LINK_DAYS, type ShareLinkCreated, shareMessages } from "@/domain/planning/share-api";
import { Button } from "@/web/components/ui/button";
import { Input } from "@/web/components/ui/input";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "@/web/components/ui/sheet";
import { formatInstantDate } from "@/web/lib/format";
import { notifyError, notifySuccess } from "@/web/lib/notify";
import { useClientActivity, useCreateShareLink, useRevokeShareLink } from "../../api/plan-sharing";
import { isUnauthorized } from "../../lib/errors";

/**
 * 'Compartilhar com o cliente' in the viewer's toolbar: a side panel that makes
 * the link, shows it once to copy (only its hash is kept), its expiry, and
 * 'Revogar'. A plan has one active link: a new one replaces the one before.
 */
export function ShareButton({ planId }: { planId: string }) {
  const [created, setCreated] = useState<ShareLinkCreated | null>(null);
  const activity = useClientActivity(planId);
  const create = useCreateShareLink(planId);
  const revoke = useRevokeShareLink(planId);
  const active = activity.data?.link ?? null;
  const busy = create.isPending || revoke.isPending;

  const onError = (error: unknown) => {
    if (isUnauthorized(error)) return;
    notifyError(planMessages.error, { description: shareMessages.shareFailed });
  };
  const onCreate = () =>
    create.mutate(undefined, {
      onSuccess: (link) => {
        setCreated(link);
        notifySuccess(planMessages.success, { description: shareMessages.linkCreated });
      },
      onError,
    });
  const onRevoke = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setCreated(null);
        notifySuccess(planMessages.success, { description: shareMessages.revoked });
      },
      onError,
    });
  const onCopy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess(shareMessages.linkCopied);
    } catch {
      // No clipboard (an http page, a refused permission): the field is selected for Ctrl+C.
      document.querySelector<HTMLInputElement>("#link-cliente")?.select();
    }
  };
  const shown = created && active && created.expira_em === active.expira_em ? created : null;

  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button type="button" variant="outline">
          <Share2 aria-hidden="true" />
          {shareMessages.share}
        </Button>
      </SheetTrigger>
      <SheetContent side="right" className="w-full max-w-md overflow-y-auto p-6">
        <div className="flex flex-col gap-1.5 pr-8">
          <SheetTitle className="text-lg">{shareMessages.share}</SheetTitle>
          <SheetDescription>
            O cliente abre o planejamento sem entrar no Balcão, só para ler, comentar os posts e aprovar. O
            link vale {SHARE_LINK_DAYS} dias.
          </SheetDescription>
        </div>

        {shown ? (
          <div className="flex flex-col gap-2">
            <label htmlFor="link-cliente" className="text-sm font-medium">
              Link para o cliente
            </label>
            <div className="flex gap-2">
              <Input
                id="link-cliente"
                readOnly
                value={shown.url}
                onFocus={(event) => event.currentTarget.select()}
                className="font-mono text-xs"
              />
              <Button type="button" onClick={() => void onCopy(shown.url)}>
                <Copy aria-hidden="true" />
                Copiar
              </Button>
            </div>
            <p className="text-sm text-muted-foreground">
              Copie agora: por segurança, o Balcão não guarda o link e não pode mostrá-lo de novo.
            </p>
          </div>
        ) : null}

        {active ? (
          <div className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-4" data-testid="link-ativo">
            <p className="flex items-center gap-2 text-sm font-medium">
              <Link2 className="size-4 text-primary" aria-hidden="true" />
              Link ativo até {formatInstantDate(active.expira_em)}
            </p>
            {shown ? null : (
              <p className="text-sm text-muted-foreground">
                Para enviar o link de novo, gere outro: o anterior deixa de abrir o planejamento.
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="destructive" size="sm" onClick={onRevoke} disabled={busy}>
                {revoke.isPending ? (
                  <Loader2 className="animate-spin" aria-hidden="true" />
                ) : (
                  <Unlink aria-hidden="true" />
                )}
                {shareMessages.revoke}
              </Button>
              <Button type="button" variant="outline" size="sm" onClick={onCreate} disabled={busy}>
                Gerar novo link
              </Button>
            </div>
          </div>
        ) : activity.isSuccess ? (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-muted-foreground">Nenhum link ativo para este planejamento.</p>
            <Button type="button" onClick={onCreate} disabled={busy} className="self-start">
              {create.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <Link2 aria-hidden="true" />
              )}
              Criar link
            </Button>
          </div>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
