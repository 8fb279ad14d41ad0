import { CalendarPlus, Check, Copy, Loader2 } from "lucide-react";
import { useState } from "react";
import type { CalendarFeedLinks } from "@/domain/absences/feed-api";
import { feedMessages } from "@/domain/absences/feed-api";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { Input } from "@/web/components/ui/input";
import { notifySuccess } from "@/web/lib/notify";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useCalendarFeed, useRenewCalendarFeed, useRevokeCalendarFeed } from "../api/calendar-feed";

/** One address with its copy button; the field selects itself so a long-press copies on a phone too. */
function FeedAddress({ id, label, hint, url }: { id: string; label: string; hint: string; url: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    setCopied(true);
    window.setTimeout(() => setCopied(false), 2000);
  };
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={url}
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button type="button" variant="outline" onClick={() => void copy()} aria-label={`Copiar ${label}`}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          <span className="hidden sm:inline">{copied ? "Copiado" : "Copiar"}</span>
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{hint}</p>
    </div>
  );
}

function HowToAdd() {
  return (
    <div className="flex flex-col gap-3 rounded-lg bg-muted/50 p-4 text-sm">
      <div>
        <p className="font-medium">Google Agenda</p>
        <p className="text-muted-foreground">
          No computador, em “Outras agendas”, clique em <strong>+</strong> e depois em <strong>Do URL</strong>
          . Cole o endereço e clique em <strong>Adicionar agenda</strong>.
        </p>
      </div>
      <div>
        <p className="font-medium">Outlook</p>
        <p className="text-muted-foreground">
          Em <strong>Calendário</strong>, escolha <strong>Adicionar calendário</strong> e depois{" "}
          <strong>Assinar da Web</strong>. Cole o endereço, dê um nome e clique em <strong>Importar</strong>.
        </p>
      </div>
      <p className="text-xs text-muted-foreground">
        Os aplicativos buscam as novidades sozinhos, algumas vezes por dia. Quem tiver o endereço vê o que ele
        mostra: não o compartilhe.
      </p>
    </div>
  );
}

/**
 * 'Assinar calendário' (docs/decisions/060): the person's two secret addresses, shown once when
 * made ('Gerar novo link' makes new ones and the old stop), how to add them, and turning them off.
 */
export function SubscribeCalendarDialog() {
  const [open, setOpen] = useState(false);
  const [links, setLinks] = useState<CalendarFeedLinks | null>(null);
  const status = useCalendarFeed(open);
  const renew = useRenewCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const active = status.data?.ativo ?? false;

  const generate = () =>
    renew.mutate(undefined, {
      onSuccess: (made) => {
        setLinks(made);
        if (active) notifySuccess(feedMessages.created, { description: feedMessages.createdDescription });
      },
      onError: (error) => toastApiError(error, { title: "Não foi possível gerar o link" }),
    });
  const turnOff = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setLinks(null);
        notifySuccess(feedMessages.revoked);
      },
      onError: (error) => toastApiError(error, { title: "Não foi possível desativar os links" }),
    });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setLinks(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="h-9">
          <CalendarPlus aria-hidden="true" />
          Assinar calendário
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Assinar calendário</DialogTitle>
        <DialogDescription>
          Veja quem está fora e os feriados do escritório no Google Agenda ou no Outlook, e as suas ausências
          em um calendário só seu.
        </DialogDescription>

        {links ? (
          <div className="flex flex-col gap-4">
            <FeedAddress
              id="feed-quem-esta-fora"
              label="Quem está fora"
              hint="Ausências aprovadas (só os nomes) e feriados do escritório."
              url={links.quemEstaFora}
            />
            <FeedAddress
              id="feed-minhas-ausencias"
              label="Minhas ausências"
              hint="As suas ausências com o tipo, inclusive as que aguardam aprovação."
              url={links.minhasAusencias}
            />
            <p className="text-xs text-muted-foreground">
              Copie os endereços agora: por segurança, eles não são mostrados de novo.
            </p>
          </div>
        ) : (
          <p className="text-sm" aria-live="polite">
            {status.isPending
              ? "Carregando…"
              : active
                ? "Você já tem um link ativo. Por segurança, ele não é mostrado de novo: gere um novo link para ver os endereços (o anterior deixa de funcionar)."
                : "Gere um link para assinar os calendários."}
          </p>
        )}

        <HowToAdd />

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          {active ? (
            <Button type="button" variant="ghost" onClick={turnOff} disabled={revoke.isPending}>
              Desativar links
            </Button>
          ) : (
            <span />
          )}
          <Button type="button" onClick={generate} disabled={renew.isPending || status.isPending}>
            {renew.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {active || links ? "Gerar novo link" : "Gerar link"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
