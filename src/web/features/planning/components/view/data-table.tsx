import type * as React from "react";
import { cn } from "@/web/lib/cn";

/**
 * A table that scrolls sideways inside its own box on a phone instead of
 * widening the page. The box is focusable so a keyboard can scroll it too
 * (axe: scrollable-region-focusable); its label names the table. It is
 * `relative` so that the visually hidden texts of its buttons (absolutely
 * positioned) are clipped with the rest instead of widening the whole page.
 */
export function DataTable({
  label,
  minWidth,
  children,
}: {
  label: string;
  /** Below this width the columns stop shrinking and the box scrolls (a Tailwind min-w class). */
  minWidth: string;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/30"
    >
      <table className={cn("w-full border-collapse text-left text-sm", minWidth)}>{children}</table>
    </section>
  );
}

export function Th({ className, ...props }: React.ComponentProps<"th">) {
  return (
    <th
      scope="col"
      className={cn(
        "border-b bg-muted/60 px-2.5 py-2.5 align-bottom text-xs font-semibold text-muted-foreground first:pl-4 last:pr-4",
        className,
      )}
      {...props}
    />
  );
}

export function Td({ className, ...props }: React.ComponentProps<"td">) {
  return (
    <td
      className={cn(
        "border-b px-2.5 py-3 align-top break-words whitespace-pre-line first:pl-4 last:pr-4 [tr:last-child>&]:border-b-0",
        className,
      )}
      {...props}
    />
  );
}

/**
 * The last column held in view while the others scroll under it (the calendar's
 * 'Ações'), from md up: on a phone it would take half the box. Backgrounds are
 * opaque; the header's is bg-muted/60 mixed onto the card.
 */
export const STICKY_END_HEAD =
  "md:sticky md:right-0 md:z-[1] md:bg-[color-mix(in_oklab,var(--muted)_60%,var(--card))] md:shadow-[inset_1px_0_0_var(--border)]";
export const STICKY_END_CELL =
  "md:sticky md:right-0 md:z-[1] md:bg-card md:shadow-[inset_1px_0_0_var(--border)]";

/** What an empty text cell shows. */
export const EMPTY_CELL = "—";
