import { requestStatusLabel } from "@/domain/requests/messages";
import { Badge } from "@/web/components/ui/badge";
import { cn } from "@/web/lib/cn";

/** A request's status (spec §4: created 'pendente'; other values shown as stored). */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge
      variant="outline"
      className={cn(
        status === "pendente"
          ? "border-amber-200 bg-amber-50 text-amber-900"
          : "border-border bg-secondary text-secondary-foreground",
        className,
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          "size-1.5 rounded-full",
          status === "pendente" ? "bg-amber-500" : "bg-muted-foreground",
        )}
      />
      {requestStatusLabel(status)}
    </Badge>
  );
}
