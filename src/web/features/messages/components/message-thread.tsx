import { useLayoutEffect, useRef } from "react";
import { cn } from "@/web/lib/cn";
import type { DemoConversation, DemoMessage } from "../types";

function MessageBubble({ message, contactName }: { message: DemoMessage; contactName: string }) {
  return (
    <li
      className={cn(
        "flex max-w-[85%] flex-col gap-1 sm:max-w-[75%]",
        message.mine ? "self-end" : "self-start",
      )}
    >
      <p
        className={cn(
          "rounded-2xl px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-line shadow-xs",
          message.mine
            ? "rounded-br-md bg-primary text-primary-foreground"
            : "rounded-bl-md border bg-card text-card-foreground",
        )}
      >
        <span className="sr-only">{message.mine ? "Você: " : `${contactName}: `}</span>
        {message.text}
      </p>
      <span className={cn("px-1 text-xs text-muted-foreground", message.mine && "text-right")}>
        {message.time}
      </span>
    </li>
  );
}

/** The scrolling history of one conversation, opened at its latest message (mounted per conversation). */
export function MessageThread({ conversation }: { conversation: DemoConversation }) {
  const scrollerRef = useRef<HTMLElement>(null);

  // A chat opens at the bottom, where the newest message is; before paint, so it never jumps.
  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    if (scroller) scroller.scrollTop = scroller.scrollHeight;
  }, []);

  return (
    // Focusable so keyboard users can scroll a long history (the bubbles themselves hold no controls).
    <section
      ref={scrollerRef}
      aria-label={`Histórico da conversa com ${conversation.name}`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="min-h-0 flex-1 overflow-y-auto bg-muted/50 px-3 py-4 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/30 focus-visible:ring-inset sm:px-5"
    >
      <p className="mb-4 text-center">
        <span className="rounded-full bg-card px-3 py-1 text-xs text-muted-foreground shadow-xs">
          {conversation.day}
        </span>
      </p>
      <ol aria-label="Mensagens" className="flex flex-col gap-3">
        {conversation.messages.map((message) => (
          <MessageBubble key={message.id} message={message} contactName={conversation.name} />
        ))}
      </ol>
    </section>
  );
}
