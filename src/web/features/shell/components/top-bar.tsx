import type * as React from "react";
import { Link } from "react-router";
import { firstName } from "@/domain/auth/user-name";
import { Logo } from "@/web/components/logo";
import { Separator } from "@/web/components/ui/separator";
import { SidebarTrigger } from "@/web/components/ui/sidebar";
import { paths } from "@/web/config/paths";

/**
 * Spec §2: the logo and the user's first name ('Usuário' when there is none),
 * linking to 'Minha conta'; `actions` (the bell, decision 011) sit just before the name.
 */
export function TopBar({
  userName,
  userEmail,
  actions,
}: {
  userName: string | null | undefined;
  userEmail?: string;
  actions?: React.ReactNode;
}) {
  const name = firstName(userName);
  return (
    <header className="sticky top-0 z-30 flex h-(--header-height) shrink-0 items-center gap-2 border-b bg-card/90 px-3 backdrop-blur supports-[backdrop-filter]:bg-card/75 md:px-4">
      <SidebarTrigger />
      <Separator orientation="vertical" className="mr-1 h-5!" />
      <Link
        to={paths.home.getHref()}
        className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
        aria-label="Balcão, página inicial"
      >
        <Logo markClassName="size-7" />
      </Link>
      <div className="ml-auto flex min-w-0 items-center gap-1.5">
        {actions}
        {/* The name opens 'Minha conta' (ours), on a phone as on a desktop. */}
        <Link
          to={paths.app.conta.getHref()}
          className="-mr-1 flex min-w-0 items-center gap-3 rounded-md py-1 pr-1 pl-2 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/40"
          title={userEmail ? `Minha conta (${userEmail})` : "Minha conta"}
        >
          <span className="truncate text-sm font-medium" data-testid="user-first-name">
            {name}
          </span>
          <span className="sr-only">(Minha conta)</span>
          <span
            aria-hidden="true"
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
          >
            {name.charAt(0).toLocaleUpperCase("pt-BR")}
          </span>
        </Link>
      </div>
    </header>
  );
}
