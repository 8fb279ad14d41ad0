import { navIcon } from "@/web/config/nav-icons";
import { cn } from "@/web/lib/cn";
import { kindFormPath } from "../lib/kinds";

/** The menu icon of a request's form, in the soft brand tile the home cards use. */
export function KindIcon({ kind, className }: { kind: string; className?: string }) {
  const Icon = navIcon(kindFormPath(kind) ?? "/solicitacoes");
  return (
    <span
      className={cn(
        "inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-primary",
        className,
      )}
    >
      <Icon className="size-4.5" aria-hidden="true" />
    </span>
  );
}
