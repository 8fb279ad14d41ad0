import type * as React from "react";

/** A heading between groups of fields, across both columns. */
export function FormSectionTitle({ children }: { children: React.ReactNode }) {
  return (
    <h2 className="-mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase not-first:mt-2 not-first:border-t not-first:pt-6 sm:col-span-2">
      {children}
    </h2>
  );
}
