import type { LucideIcon } from "lucide-react";
import type * as React from "react";
import { Card } from "@/web/components/ui/card";

/** One card of the page: icon, h2 and description on top, then its content. */
export function AccountSection({
  id,
  icon: Icon,
  title,
  description,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  description: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Card className="gap-0 overflow-hidden py-0" aria-labelledby={`${id}-title`} role="region">
      <div className="flex items-start gap-4 border-b px-5 py-5 sm:px-8">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-primary">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={`${id}-title`} className="text-base font-semibold tracking-tight sm:text-lg">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
      </div>
      {children}
    </Card>
  );
}
