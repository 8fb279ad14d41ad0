import { CalendarDays, Table2 } from "lucide-react";
import { cn } from "@/web/lib/cn";
import type { CalendarLayout } from "../../lib/calendar-layout";

const OPTIONS = [
  { value: "grade", label: "Grade", icon: CalendarDays },
  { value: "tabela", label: "Tabela", icon: Table2 },
] as const;

/** 'Grade' (the month, or the agenda on a phone) or 'Tabela' (the spec's table by week), one click apart. */
export function CalendarLayoutToggle({
  layout,
  onChange,
}: {
  layout: CalendarLayout;
  onChange: (layout: CalendarLayout) => void;
}) {
  return (
    <fieldset className="inline-flex min-w-0 rounded-lg border bg-muted/60 p-0.5">
      <legend className="sr-only">Exibição do calendário</legend>
      {OPTIONS.map(({ value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          aria-pressed={layout === value}
          onClick={() => onChange(value)}
          className={cn(
            "inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40",
            layout === value && "bg-card text-foreground shadow-xs",
          )}
        >
          <Icon className="size-4" aria-hidden="true" />
          {label}
        </button>
      ))}
    </fieldset>
  );
}
