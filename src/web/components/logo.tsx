import { ConciergeBell } from "lucide-react";
import { cn } from "@/web/lib/cn";

/**
 * The brand mark: a service bell on an indigo tile. Decorative; pair it with the wordmark.
 * `className` sets its size (size-8 when not given): no class of its own gives way, since the
 * splash and the loaders draw it before tailwind-merge is loaded (lib/cn.ts).
 */
export function LogoMark({ className = "size-8" }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-flex shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm shadow-primary/30",
        className,
      )}
    >
      <ConciergeBell className="size-[60%]" strokeWidth={2.2} />
    </span>
  );
}

/** Mark + "Balcão" wordmark. */
export function Logo({ className, markClassName }: { className?: string; markClassName?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2.5", className)}>
      <LogoMark className={markClassName} />
      <span className="text-lg font-semibold tracking-tight text-foreground">Balcão</span>
    </span>
  );
}
