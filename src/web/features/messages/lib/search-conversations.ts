import type { DemoConversation } from "../types";

/** Case- and accent-insensitive form: "Júlia" and "JULIA" both become "julia". */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLocaleLowerCase("pt-BR");
}

export function lastMessageOf(conversation: DemoConversation) {
  return conversation.messages.at(-1);
}

/** The preview the list shows, prefixed as chat apps do when the last word was ours. */
export function previewOf(conversation: DemoConversation): string {
  const last = lastMessageOf(conversation);
  if (!last) return "";
  return last.mine ? `Você: ${last.text}` : last.text;
}

/** Matches by contact name or last message (spec §2 /messages search box). */
export function searchConversations(conversations: DemoConversation[], query: string): DemoConversation[] {
  const needle = foldText(query.trim());
  if (!needle) return conversations;
  return conversations.filter(
    (c) => foldText(c.name).includes(needle) || foldText(lastMessageOf(c)?.text ?? "").includes(needle),
  );
}

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const first = words[0]?.charAt(0) ?? "";
  const last = words.length > 1 ? (words.at(-1)?.charAt(0) ?? "") : "";
  return (first + last).toLocaleUpperCase("pt-BR");
}
