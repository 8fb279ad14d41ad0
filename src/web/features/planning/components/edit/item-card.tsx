import { Trash2 } from "lucide-react";
import type * as React from "react";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/cn";

/**
 * One item of a list being edited (a pillar, a post, an experiment): its
 * labelled fields in a card, which a phone stacks better than a row of inputs.
 */
export function ItemCard({
  id,
  title,
  removeLabel,
  onRemove,
  badge,
  children,
  className,
}: {
  id: string;
  title: string;
  /** The remove button's name, naming the item ('Remover pilar 2'); it starts with the visible 'Remover'. */
  removeLabel: string;
  onRemove: () => void;
  badge?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  const titleId = `${id}-titulo`;
  return (
    <fieldset
      aria-labelledby={titleId}
      className={cn("min-w-0 rounded-lg border bg-background/60 p-4 sm:p-5", className)}
    >
      <div className="mb-4 flex items-center justify-between gap-3">
        <p className="flex min-w-0 items-center gap-2 text-sm font-semibold">
          <span id={titleId}>{title}</span>
          {badge}
        </p>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={onRemove}
          aria-label={removeLabel}
          className="-mr-2 text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
        >
          <Trash2 aria-hidden="true" />
          <span className="hidden sm:inline">Remover</span>
        </Button>
      </div>
      <div className="grid gap-x-4 gap-y-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
