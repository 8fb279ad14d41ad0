import { Bell, BellOff, CheckCheck, Loader2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import type { Notification } from "@/domain/notifications/api";
import { ageText } from "@/domain/requests/standing-text";
import { Button } from "@/web/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/web/components/ui/popover";
import { paths } from "@/web/config/paths";
import { cn } from "@/web/lib/cn";
import { toastApiError } from "@/web/lib/toast-api-error";
import { useMarkRead, useNotifications } from "../api/notifications";

const MARK_READ_FAILED = {
  title: "Não foi possível marcar como lidas",
  description: "Tente novamente em instantes.",
};

function unreadLabel(count: number) {
  if (count === 0) return "Notificações";
  return count === 1 ? "Notificações, 1 não lida" : `Notificações, ${count} não lidas`;
}

/** A request's page, or a plan's viewer for what a client did through a shared plan (decision 020). */
const notificationHref = (item: Notification) =>
  item.tipo === "planejamento"
    ? paths.app.planejamentoVisualizar.getHref(item.solicitacaoId)
    : paths.app.solicitacao.getHref(item.tipo, item.solicitacaoId);

function NotificationItem({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) {
  const href = notificationHref(item);
  return (
    <li>
      <a
        href={href}
        onClick={(event) => {
          // A plain click stays in the app; a middle or modified click opens a tab as links do.
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          onOpen(item);
        }}
        data-testid="notification-item"
        data-unread={!item.lida || undefined}
        className={cn(
          "flex gap-3 px-4 py-3 text-sm outline-none transition-colors hover:bg-accent focus-visible:bg-accent",
          !item.lida && "bg-brand-soft/60",
        )}
      >
        <span
          aria-hidden="true"
          className={cn("mt-1.5 size-2 shrink-0 rounded-full", item.lida ? "bg-transparent" : "bg-primary")}
        />
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className={cn("break-words", item.lida ? "font-normal" : "font-semibold")}>
            {item.titulo}
            {item.lida ? null : <span className="sr-only"> (não lida)</span>}
          </span>
          {item.texto ? (
            <span className="line-clamp-2 break-words text-muted-foreground">{item.texto}</span>
          ) : null}
          <time dateTime={item.em} className="text-xs text-muted-foreground">
            {ageText(item.em)}
          </time>
        </span>
      </a>
    </li>
  );
}

/**
 * The bell in the top bar (decision 011): the unread count, and the latest
 * notifications in a popover; opening one marks it read and goes to its request.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const unread = notifications.data?.naoLidas ?? 0;
  const items = notifications.data?.items ?? [];

  const onOpenItem = (item: Notification) => {
    setOpen(false);
    if (!item.lida) markRead.mutate([item.id]);
    navigate(notificationHref(item));
  };

  const onMarkAll = () =>
    markRead.mutate(undefined, { onError: (error) => toastApiError(error, MARK_READ_FAILED) });

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative shrink-0"
          aria-label={unreadLabel(unread)}
          data-testid="notification-bell"
        >
          <Bell className="size-5" aria-hidden="true" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              data-testid="notification-count"
              className="absolute -top-0.5 -right-0.5 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] leading-none font-semibold text-white tabular-nums ring-2 ring-card"
            >
              {unread > 99 ? "99+" : unread}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        sideOffset={8}
        collisionPadding={12}
        className="flex max-h-[min(32rem,calc(100svh-5rem))] w-[min(24rem,calc(100vw-1.5rem))] flex-col overflow-hidden p-0"
        aria-label="Notificações"
      >
        <div className="flex items-center justify-between gap-3 border-b px-4 py-3">
          <h2 className="text-sm font-semibold">Notificações</h2>
          <Button
            variant="ghost"
            size="sm"
            className="-mr-2 h-7 px-2 text-xs text-primary"
            onClick={onMarkAll}
            disabled={unread === 0 || markRead.isPending}
          >
            {markRead.isPending ? (
              <Loader2 className="animate-spin" aria-hidden="true" />
            ) : (
              <CheckCheck aria-hidden="true" />
            )}
            Marcar todas como lidas
          </Button>
        </div>
        {notifications.isPending ? (
          <p className="flex items-center gap-2 px-4 py-6 text-sm text-muted-foreground" role="status">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Carregando notificações...
          </p>
        ) : notifications.isError && !notifications.data ? (
          <div className="flex flex-col items-start gap-2 px-4 py-6 text-sm">
            <p className="text-muted-foreground">Não foi possível carregar as notificações.</p>
            <Button variant="outline" size="sm" onClick={() => notifications.refetch()}>
              Tentar novamente
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-muted-foreground">
            <BellOff className="size-6" aria-hidden="true" />
            <p>Nenhuma notificação por enquanto.</p>
          </div>
        ) : (
          <ul
            className="min-h-0 flex-1 divide-y overflow-y-auto overscroll-contain"
            aria-label="Notificações"
          >
            {items.map((item) => (
              <NotificationItem key={item.id} item={item} onOpen={onOpenItem} />
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}
