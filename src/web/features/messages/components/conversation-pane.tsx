import { ArrowLeft } from "lucide-react";
import type { Ref } from "react";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/cn";
import type { DemoConversation } from "../types";
import { ContactAvatar } from "./contact-avatar";
import { MessageComposer } from "./message-composer";
import { MessageThread } from "./message-thread";

/**
 * The right column: who we talk to, the history and the composer. Mount one per conversation
 * (key it), so the history opens at its bottom and a draft never follows into another chat.
 */
export function ConversationPane({
  conversation,
  onBack,
  headingRef,
  className,
}: {
  conversation: DemoConversation;
  /** Back to the list; the button only shows where list and pane do not fit side by side. */
  onBack: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
  className?: string;
}) {
  return (
    <section aria-labelledby="conversa-titulo" className={cn("min-h-0 min-w-0 flex-col", className)}>
      <header className="flex items-center gap-3 border-b px-3 py-3 sm:px-5">
        <Button
          type="button"
          variant="ghost"
          size="icon"
          onClick={onBack}
          aria-label="Voltar para conversas"
          className="-ml-1 shrink-0 lg:hidden"
        >
          <ArrowLeft aria-hidden="true" />
        </Button>
        <ContactAvatar conversation={conversation} />
        <div className="flex min-w-0 flex-col">
          <h2
            id="conversa-titulo"
            ref={headingRef}
            tabIndex={-1}
            className="truncate text-base font-semibold tracking-tight outline-none"
          >
            {conversation.name}
          </h2>
          <p className="truncate text-sm text-muted-foreground">{conversation.role}</p>
        </div>
      </header>
      <MessageThread conversation={conversation} />
      <MessageComposer contactName={conversation.name} />
    </section>
  );
}
