import type * as React from "react";
import { Logo } from "@/web/components/logo";
import { Card } from "@/web/components/ui/card";

/** The public pages: one centered card over the branded backdrop. */
export function AuthLayout({ children, footer }: { children: React.ReactNode; footer?: React.ReactNode }) {
  return (
    <main className="bg-auth flex min-h-svh flex-col items-center justify-center px-4 py-10 sm:px-6">
      <div className="flex w-full max-w-[26rem] flex-col items-center gap-6">
        <Logo markClassName="size-9" />
        <Card className="w-full gap-0 border-border/70 py-0 shadow-xl shadow-primary/5">{children}</Card>
        {footer ? <div className="text-center text-sm text-muted-foreground">{footer}</div> : null}
      </div>
    </main>
  );
}

/** The card's heading block: one h1 per page. */
export function AuthHeader({ title, subtitle }: { title: string; subtitle?: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5 px-6 pt-7 pb-5 text-center sm:px-8">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {subtitle ? <p className="text-sm text-muted-foreground">{subtitle}</p> : null}
    </div>
  );
}
