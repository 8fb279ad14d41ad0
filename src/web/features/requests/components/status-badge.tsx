import { requestStatusLabel } from "@/domain/requests/messages";
import { type StateTone, stateTone } from "@/domain/requests/standing-text";
import { Badge } from "@/web/components/ui/badge";
import { cn } from "@/web/lib/cn";

const TONES: Record<StateTone, { badge: string; dot: string }> = {
  waiting: { badge: "border-amber-200 bg-amber-50 text-amber-900", dot: "bg-amber-500" },
  working: { badge: "border-sky-200 bg-sky-50 text-sky-900", dot: "bg-sky-500" },
  requester: { badge: "border-orange-200 bg-orange-50 text-orange-900", dot: "bg-orange-500" },
  good: { badge: "border-emerald-200 bg-emerald-50 text-emerald-900", dot: "bg-emerald-500" },
  ended: { badge: "border-border bg-secondary text-secondary-foreground", dot: "bg-muted-foreground" },
};

/** A request's state, coloured by whom it waits on (labels of decision 011; an unknown value as stored). */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const tone = TONES[stateTone(status)];
  return (
    <Badge variant="outline" className={cn(tone.badge, className)}>
      <span aria-hidden="true" className={cn("size-1.5 rounded-full", tone.dot)} />
      {requestStatusLabel(status)}
    </Badge>
  );
}
