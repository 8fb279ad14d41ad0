import type * as React from "react";
import { Logo } from "@/web/components/logo";

/** The public pages: one centered card over the branded backdrop. */
export function AuthLayout({ children, footer }: { children: React.ReactNode; footer?: React.ReactNode }) {
  return (
    <main className="bg-auth flex min-h-svh flex-col items-center justify-center px-4 py-10 sm:px-6">
      <div className="flex w-full max-w-[26rem] flex-col items-center gap-6">
        <Logo markClassName="size-9" />
        {/* ui/card's look with its spacing and shadow replaced, written out: /login draws it before tailwind-merge is loaded (lib/cn.ts). */}
        <div
          data-slot="card"
          className="flex w-full flex-col rounded-xl border border-border/70 bg-card text-card-foreground shadow-xl shadow-primary/5"
        >
          {children}
        </div>
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
