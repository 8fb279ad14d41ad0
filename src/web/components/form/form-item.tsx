import type * as React from "react";
import { Label } from "@/web/components/ui/label";
import { cn } from "@/web/lib/cn";

/** What the control of a FormItem spreads on itself: its id and the links to the error and the hint. */
export type ControlProps = {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  /** For the controls whose role takes it (text boxes, comboboxes); the others leave it out. */
  "aria-required"?: true;
};

export type FormItemProps = {
  id: string;
  label: React.ReactNode;
  /** Shows the asterisk of a required field (the check itself is the schema's). */
  required?: boolean;
  /** A short text under the control, always visible. */
  hint?: React.ReactNode;
  error?: string;
  /** The error is announced as it appears (role alert): a dialog's fields, where the toast says nothing. */
  announce?: boolean;
  /** The error takes the hint's place while it shows (the sign-in and sign-up pages). */
  errorReplacesHint?: boolean;
  className?: string;
  children: (control: ControlProps) => React.ReactNode;
};

/** Label + control + hint + inline error, wired with aria-invalid and aria-describedby (`{id}-error`). */
export function FormItem({
  id,
  label,
  required,
  hint: givenHint,
  error,
  announce,
  errorReplacesHint,
  className,
  children,
}: FormItemProps) {
  const hint = error && errorReplacesHint ? undefined : givenHint;
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("grid min-w-0 content-start gap-2", className)}>
      <div className="flex items-center gap-1">
        <Label htmlFor={id} id={`${id}-label`}>
          {label}
        </Label>
        {/* Outside the label, so the control's name stays the label's text; aria-required says it. */}
        {required ? (
          <span className="text-sm leading-none font-medium text-destructive" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      {children({
        id,
        ...(required ? { "aria-required": true as const } : {}),
        ...(error ? { "aria-invalid": true as const } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      })}
      <FieldNotes id={id} hint={hint} error={error} announce={announce} />
    </div>
  );
}

/** A field's hint (`{id}-hint`) and error (`{id}-error`), under its control. */
export function FieldNotes({
  id,
  hint,
  error,
  announce,
}: {
  id: string;
  hint?: React.ReactNode;
  error?: string;
  announce?: boolean;
}) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p
          id={`${id}-error`}
          role={announce ? "alert" : undefined}
          className="text-sm font-medium text-destructive"
        >
          {error}
        </p>
      ) : null}
    </>
  );
}
