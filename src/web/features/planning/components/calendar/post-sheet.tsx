import type * as React from "react";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/web/components/ui/sheet";

/**
 * The side panel a post opens in, from the grid or the agenda: its fields in
 * read mode, the post editor in edit mode. Full width on a phone.
 */
export function PostSheet({
  open,
  onClose,
  title,
  description,
  children,
  footer,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: React.ReactNode;
  children: React.ReactNode;
  footer?: React.ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <SheetContent side="right" className="w-full gap-0 sm:max-w-xl">
        <div className="border-b px-5 py-4 pr-12">
          <SheetTitle className="text-base leading-snug break-words">{title}</SheetTitle>
          <SheetDescription className="mt-1">{description}</SheetDescription>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
        {footer ? (
          <div className="flex items-center justify-end gap-2 border-t px-5 py-3">{footer}</div>
        ) : null}
      </SheetContent>
    </Sheet>
  );
}
