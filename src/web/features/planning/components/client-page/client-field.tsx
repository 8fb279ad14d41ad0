import type * as React from "react";
import { Label } from "@/web/components/ui/label";

/** A labelled field of the client's forms, its message under it (ids `{id}`, `{id}-error`). */
export function ClientField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The first message of each field of a zod error, by its top-level name (as the server answers). */
export function fieldMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const name = String(issue.path[0] ?? "");
    fields[name] ??= issue.message;
  }
  return fields;
}
