import type * as React from "react";
import { Card } from "@/web/components/ui/card";

/** A chart with its title and a line saying what it counts. */
export function ChartCard({
  id,
  title,
  hint,
  actions,
  children,
}: {
  id: string;
  title: string;
  hint: string;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Card
      className="min-w-0 gap-3 px-4 py-4 sm:px-5"
      aria-labelledby={`${id}-titulo`}
      data-testid={`chart-${id}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-0.5">
          <h2 id={`${id}-titulo`} className="font-semibold tracking-tight">
            {title}
          </h2>
          <p className="text-xs text-muted-foreground">{hint}</p>
        </div>
        {actions}
      </div>
      {children}
    </Card>
  );
}

/** Two or three choices as a compact segmented control. */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="flex rounded-md border p-0.5 text-xs">
      <legend className="sr-only">{label}</legend>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
          className="rounded px-2 py-1 font-medium text-muted-foreground aria-pressed:bg-primary aria-pressed:text-primary-foreground"
        >
          {o.label}
        </button>
      ))}
    </fieldset>
  );
}
