import { cn } from "@/web/lib/cn";
import { initialsOf } from "../lib/search-conversations";
import type { DemoConversation } from "../types";

/** Initials in a coloured circle; decorative, the name is always written next to it. */
export function ContactAvatar({
  conversation,
  className,
}: {
  conversation: DemoConversation;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold",
        conversation.avatarClassName,
        className,
      )}
    >
      {initialsOf(conversation.name)}
    </span>
  );
}
