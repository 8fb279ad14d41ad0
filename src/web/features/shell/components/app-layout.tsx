import type * as React from "react";
import type { Access, User } from "@/domain/auth/auth.schema";
import { SidebarInset, SidebarProvider } from "@/web/components/ui/sidebar";
import { TooltipProvider } from "@/web/components/ui/tooltip";
import { AppSidebar } from "./app-sidebar";
import { TopBar } from "./top-bar";

/** The signed-in frame (spec §2): top bar, sidebar, and the page in <main>. */
export function AppLayout({
  user,
  access,
  onLogout,
  loggingOut,
  topBarActions,
  sidebarOpen,
  children,
}: {
  user: User;
  access: Access;
  onLogout: () => void;
  loggingOut?: boolean;
  /** Shown in the top bar before the user's name (the bell). */
  topBarActions?: React.ReactNode;
  /** The sidebar's saved state when there is no document to read it from (the server's render of /). */
  sidebarOpen?: boolean;
  children: React.ReactNode;
}) {
  return (
    <TooltipProvider delayDuration={0}>
      <SidebarProvider defaultOpen={sidebarOpen}>
        <a
          href="#conteudo"
          className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Pular para o conteúdo
        </a>
        <TopBar userName={user.name} userEmail={user.email} actions={topBarActions} />
        <div className="flex flex-1">
          <AppSidebar access={access} onLogout={onLogout} loggingOut={loggingOut} />
          <SidebarInset>
            <main
              id="conteudo"
              tabIndex={-1}
              className="flex-1 px-4 py-6 outline-none sm:px-6 md:px-8 md:py-8"
            >
              <div className="mx-auto w-full max-w-6xl">{children}</div>
            </main>
          </SidebarInset>
        </div>
      </SidebarProvider>
    </TooltipProvider>
  );
}
