import { cn } from "@/web/lib/cn";
import { previewOf } from "../lib/search-conversations";
import type { DemoConversation } from "../types";
import { ContactAvatar } from "./contact-avatar";

/** One row of the conversation list: a button, marked aria-current when its thread is open. */
export function ConversationItem({
  conversation,
  selected,
  onSelect,
}: {
  conversation: DemoConversation;
  selected: boolean;
  onSelect: () => void;
}) {
  const { name, lastActivity, unread } = conversation;
  return (
    <button
      type="button"
      data-conversation-id={conversation.id}
      aria-current={selected ? "true" : undefined}
      onClick={onSelect}
      className={cn(
        "flex w-full min-w-0 items-center gap-3 rounded-lg px-3 py-2.5 text-left transition-colors outline-none",
        "hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/40",
        selected && "bg-brand-soft hover:bg-brand-soft",
      )}
    >
      <ContactAvatar conversation={conversation} />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex min-w-0 items-baseline justify-between gap-2">
          <span className={cn("truncate text-sm font-medium", selected && "text-accent-foreground")}>
            {name}
          </span>
          <span className="shrink-0 text-xs text-muted-foreground">{lastActivity}</span>
        </span>
        <span className="flex min-w-0 items-center justify-between gap-2">
          <span className="truncate text-sm text-muted-foreground">{previewOf(conversation)}</span>
          {unread > 0 ? (
            <span className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground">
              {unread}
              <span className="sr-only">{unread === 1 ? " mensagem não lida" : " mensagens não lidas"}</span>
            </span>
          ) : null}
        </span>
      </span>
    </button>
  );
}
