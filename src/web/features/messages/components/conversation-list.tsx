import { Search, SearchX } from "lucide-react";
import { Input } from "@/web/components/ui/input";
import { cn } from "@/web/lib/cn";
import type { DemoConversation } from "../types";
import { ConversationItem } from "./conversation-item";

/** The left column: the search box and the (filtered) conversations. */
export function ConversationList({
  conversations,
  query,
  onQueryChange,
  currentId,
  onSelect,
  className,
}: {
  conversations: DemoConversation[];
  query: string;
  onQueryChange: (query: string) => void;
  /** The conversation shown in the pane, if the pane is (or was last) on screen. */
  currentId: string | null;
  onSelect: (id: string) => void;
  className?: string;
}) {
  return (
    <section aria-labelledby="conversas-titulo" className={cn("min-h-0 flex-col", className)}>
      <div className="flex flex-col gap-3 border-b p-4">
        <h2 id="conversas-titulo" className="text-base font-semibold tracking-tight">
          Conversas
        </h2>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Buscar conversas"
            placeholder="Buscar por nome ou mensagem"
            value={query}
            onChange={(event) => onQueryChange(event.target.value)}
            className="pl-9"
          />
        </div>
      </div>
      {conversations.length === 0 ? (
        <div className="flex flex-1 flex-col items-center gap-2 px-6 py-12 text-center" role="status">
          <SearchX className="size-7 text-muted-foreground" aria-hidden="true" />
          <p className="text-sm font-medium">Nenhuma conversa encontrada</p>
          <p className="text-sm text-muted-foreground">Tente outro nome ou trecho de mensagem.</p>
        </div>
      ) : (
        <ul aria-label="Conversas" className="flex min-h-0 flex-1 flex-col gap-0.5 overflow-y-auto p-2">
          {conversations.map((conversation) => (
            <li key={conversation.id}>
              <ConversationItem
                conversation={conversation}
                selected={conversation.id === currentId}
                onSelect={() => onSelect(conversation.id)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
