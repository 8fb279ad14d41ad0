/** What a section shows when the plan has nothing in it. */
export function EmptyNote({ children }: { children: string }) {
  return (
    <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}
