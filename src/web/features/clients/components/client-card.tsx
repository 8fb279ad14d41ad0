import { CalendarDays, MessageSquareQuote, Pencil } from "lucide-react";
import type { Client } from "@/domain/planning/api";
import { Badge } from "@/web/components/ui/badge";
import { Button } from "@/web/components/ui/button";
import { linksOf } from "./client-links";

const dateFormat = new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit", year: "numeric" });

/** One client as a card: who it is, how it speaks, where it is online, and the edit action. */
export function ClientCard({ client, onEdit }: { client: Client; onEdit: () => void }) {
  const created = new Date(client.created_at);
  const titleId = `cliente-${client.id}-nome`;
  const links = linksOf(client);
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full min-w-0 flex-col gap-4 rounded-xl border bg-card p-5 shadow-xs"
    >
      <div className="flex min-w-0 flex-col gap-3">
        <h2 id={titleId} className="text-lg leading-snug font-semibold tracking-tight break-words">
          {client.name}
        </h2>
        {client.segment || client.market_type ? (
          <ul className="flex flex-wrap gap-1.5" aria-label="Segmento e tipo de mercado">
            {client.segment ? (
              <li className="min-w-0">
                <Badge variant="brand" className="max-w-full">
                  <span className="sr-only">Segmento: </span>
                  <span className="truncate">{client.segment}</span>
                </Badge>
              </li>
            ) : null}
            {client.market_type ? (
              <li>
                <Badge variant="outline">
                  <span className="sr-only">Tipo de mercado: </span>
                  {client.market_type}
                </Badge>
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>

      {client.voice_tone ? (
        <p className="flex min-w-0 items-start gap-1.5 text-sm">
          <MessageSquareQuote className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="min-w-0 break-words">
            <span className="text-muted-foreground">Tom de voz: </span>
            {client.voice_tone}
          </span>
        </p>
      ) : null}
      {client.persona_brief ? (
        <p className="line-clamp-3 text-sm break-words whitespace-pre-line text-muted-foreground">
          <span className="sr-only">Persona: </span>
          {client.persona_brief}
        </p>
      ) : null}

      <div className="mt-auto flex flex-col gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          {links.length > 0 ? (
            <ul className="-ml-1.5 flex flex-wrap gap-0.5" aria-label={`Links de ${client.name}`}>
              {links.map(({ field, label, href, Icon }) => (
                <li key={field}>
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    title={`${label}: ${href}`}
                    className="inline-flex size-9 items-center justify-center rounded-md text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40"
                  >
                    <Icon className="size-4" />
                    <span className="sr-only">
                      {label} de {client.name} (abre em nova aba)
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-xs text-muted-foreground">Nenhum link cadastrado</p>
          )}
          {Number.isNaN(created.getTime()) ? null : (
            <p className="flex items-center gap-1.5 text-xs text-muted-foreground tabular-nums">
              <CalendarDays className="size-3.5 shrink-0" aria-hidden="true" />
              <span>
                Cadastrado em <time dateTime={client.created_at}>{dateFormat.format(created)}</time>
              </span>
            </p>
          )}
        </div>
        <Button type="button" variant="outline" size="sm" onClick={onEdit} className="shrink-0">
          <Pencil aria-hidden="true" />
          Editar<span className="sr-only"> {client.name}</span>
        </Button>
      </div>
    </article>
  );
}
