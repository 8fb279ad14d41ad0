import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { cn } from "@/web/lib/cn";

/** One of the viewer's four sections: a card under an h2, with its icon and an optional count. */
export function SectionCard({
  id,
  title,
  icon: Icon,
  count,
  actions,
  children,
  className,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  count?: number;
  actions?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={`${id}-titulo`}
      className={cn("flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 shadow-xs sm:p-6", className)}
    >
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-primary">
            <Icon className="size-[1.125rem]" aria-hidden="true" />
          </span>
          <h2 id={`${id}-titulo`} className="text-lg font-semibold tracking-tight">
            {title}
          </h2>
          {count !== undefined ? (
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground tabular-nums">
              {count}
            </span>
          ) : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
