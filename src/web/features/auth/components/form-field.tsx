import type * as React from "react";
import { Input } from "@/web/components/ui/input";
import { Label } from "@/web/components/ui/label";
import { cn } from "@/web/lib/cn";

type FormFieldProps = React.ComponentProps<typeof Input> & {
  id: string;
  label: string;
  error?: string;
  hint?: React.ReactNode;
  /** Rendered on the label's line, at the right (e.g. a link). */
  labelAside?: React.ReactNode;
};

/** Label + input + hint + inline error, wired with aria-invalid and aria-describedby. */
export function FormField({ id, label, error, hint, labelAside, className, ...inputProps }: FormFieldProps) {
  const hintId = hint && !error ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("grid gap-2", className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {hintId ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
