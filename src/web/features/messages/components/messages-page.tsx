import { Info } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { cn } from "@/web/lib/cn";
import { DEMO_CONVERSATIONS } from "../demo-conversations";
import { useMediaQuery } from "../hooks/use-media-query";
import { searchConversations } from "../lib/search-conversations";
import type { DemoConversation } from "../types";
import { ConversationList } from "./conversation-list";
import { ConversationPane } from "./conversation-pane";

// Tailwind's lg: below it list and pane take turns (see the classes on each column).
const SIDE_BY_SIDE = "(min-width: 64rem)";

/** Spec §2 /messages: a static demo chat — conversation list with search, and a message pane. */
export function MessagesPage() {
  const [query, setQuery] = useState("");
  const [selectedId, setSelectedId] = useState(DEMO_CONVERSATIONS[0]!.id);
  // Opening a conversation clears its unread badge, as a real chat would.
  const [readIds, setReadIds] = useState<ReadonlySet<string>>(() => new Set());
  // Narrow screens show one column at a time: the list until a conversation is opened.
  const [paneOpen, setPaneOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const sideBySide = useMediaQuery(SIDE_BY_SIDE);
  const pendingFocus = useRef<"pane" | "list" | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const conversations: DemoConversation[] = DEMO_CONVERSATIONS.map((c) =>
    readIds.has(c.id) ? { ...c, unread: 0 } : c,
  );
  const visible = searchConversations(conversations, query);
  const selected = conversations.find((c) => c.id === selectedId) ?? conversations[0]!;

  // When one column replaces the other, the focused element disappears with it: move focus to
  // what took its place, so keyboard and screen-reader users are not dropped at the page top.
  // No dependency list: the request is a ref, consumed by the first render after it was made.
  useEffect(() => {
    const target = pendingFocus.current;
    pendingFocus.current = null;
    if (target === "pane") headingRef.current?.focus();
    if (target === "list") {
      listRef.current?.querySelector<HTMLElement>(`[data-conversation-id="${selectedId}"]`)?.focus();
    }
  });

  const select = (id: string) => {
    setSelectedId(id);
    setReadIds((ids) => new Set(ids).add(id));
    setPaneOpen(true);
    setHasOpened(true);
    if (!sideBySide) pendingFocus.current = "pane";
  };

  const back = () => {
    setPaneOpen(false);
    if (!sideBySide) pendingFocus.current = "list";
  };

  return (
    <div className="flex flex-col gap-4 md:gap-6">
      <div className="flex min-w-0 flex-col gap-1.5">
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">Mensagens</h1>
        <p className="flex items-start gap-1.5 text-sm text-muted-foreground md:text-base">
          <Info className="mt-0.5 size-4 shrink-0 md:mt-1" aria-hidden="true" />
          Demonstração: as mensagens não são enviadas.
        </p>
      </div>

      <div className="flex h-[calc(100svh-var(--header-height)-8.5rem)] min-h-[28rem] overflow-hidden rounded-xl border bg-card shadow-sm md:h-[calc(100svh-var(--header-height)-10rem)]">
        <div
          ref={listRef}
          className={cn(
            "min-h-0 w-full lg:flex lg:w-80 lg:shrink-0 lg:border-r",
            paneOpen ? "hidden" : "flex",
          )}
        >
          <ConversationList
            className="flex w-full"
            conversations={visible}
            query={query}
            onQueryChange={setQuery}
            // On a phone nothing is "open" before the first tap, even though the (hidden) pane has a default.
            currentId={sideBySide || hasOpened ? selectedId : null}
            onSelect={select}
          />
        </div>
        <ConversationPane
          key={selected.id}
          conversation={selected}
          onBack={back}
          headingRef={headingRef}
          className={cn("flex-1 lg:flex", paneOpen ? "flex" : "hidden")}
        />
      </div>
    </div>
  );
}
