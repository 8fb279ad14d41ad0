import type { LucideIcon } from "lucide-react";
import { X } from "lucide-react";
import type * as React from "react";
import { useEffect, useRef } from "react";
import { Button } from "@/web/components/ui/button";
import { Card } from "@/web/components/ui/card";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/web/components/ui/sheet";
import { useIsMobile } from "@/web/hooks/use-mobile";

/**
 * A create/edit form beside a list: a card above the list on a large screen
 * (scrolled into view when it opens or switches record), a side sheet on a phone.
 */
export function FormPanel(props: {
  /** Which record the form is for ('create' or an id); null when closed. */
  formKey: string | null;
  icon: LucideIcon;
  title: string;
  description: string;
  onClose: () => void;
  children: React.ReactNode;
}) {
  const { formKey, icon: Icon, title, description, onClose, children } = props;
  const isMobile = useIsMobile();
  const cardRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (formKey && !isMobile) cardRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  }, [formKey, isMobile]);

  return (
    <>
      {formKey && !isMobile ? (
        <div ref={cardRef} className="scroll-mt-20">
          <Card className="gap-0 overflow-hidden py-0">
            <div className="flex items-start gap-4 border-b px-5 py-5 sm:px-8">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-primary">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <h2 className="text-lg font-semibold tracking-tight sm:text-xl">{title}</h2>
                <p className="text-sm text-muted-foreground">{description}</p>
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                onClick={onClose}
                aria-label="Fechar formulário"
                className="-mt-1 -mr-2 text-muted-foreground"
              >
                <X aria-hidden="true" />
              </Button>
            </div>
            <div className="px-5 py-6 sm:px-8">{children}</div>
          </Card>
        </div>
      ) : null}

      <Sheet open={Boolean(formKey) && isMobile} onOpenChange={(open) => (open ? undefined : onClose())}>
        <SheetContent side="right" className="w-full gap-0 overflow-y-auto p-0 sm:max-w-lg">
          <div className="border-b px-5 pt-5 pb-4 pr-12">
            <SheetTitle className="text-lg">{title}</SheetTitle>
            <SheetDescription className="mt-1">{description}</SheetDescription>
          </div>
          <div className="px-5 py-6">{children}</div>
        </SheetContent>
      </Sheet>
    </>
  );
}
