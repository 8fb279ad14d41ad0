import { ArrowRight, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import type { NavItem } from "@/domain/shell/navigation";
import { Badge } from "@/web/components/ui/badge";
import { navIcon } from "@/web/config/nav-icons";

/** One card per section the user may open (the sidebar's items, without Início). Rows on phones. */
export function SectionCards({ items }: { items: readonly NavItem[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 sm:gap-4 xl:grid-cols-3" aria-label="Seções do portal">
      {items.map((item) => {
        const Icon = navIcon(item.path);
        return (
          <li key={item.path} className="flex">
            <Link
              to={item.path}
              className="group flex w-full items-center gap-4 rounded-xl border bg-card p-4 shadow-xs transition-[border-color,box-shadow,transform] outline-none hover:border-primary/30 hover:shadow-md hover:shadow-primary/5 focus-visible:ring-[3px] focus-visible:ring-ring/40 sm:flex-col sm:items-stretch sm:p-5 sm:hover:-translate-y-0.5"
            >
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-primary transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <div className="flex items-center gap-2">
                  <h2 className="font-semibold tracking-tight">{item.label}</h2>
                  {item.badge ? <Badge variant="brand">{item.badge}</Badge> : null}
                </div>
                <p className="text-sm text-muted-foreground">{item.summary}</p>
              </div>
              <span className="hidden items-center gap-1 text-sm font-medium text-primary sm:inline-flex">
                Acessar
                <ArrowRight
                  className="size-4 transition-transform group-hover:translate-x-0.5"
                  aria-hidden="true"
                />
              </span>
              <ChevronRight className="size-5 shrink-0 text-muted-foreground sm:hidden" aria-hidden="true" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
