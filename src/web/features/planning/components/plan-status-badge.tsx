import { planStatusLabel } from "@/domain/planning/plan";
import { Badge } from "@/web/components/ui/badge";
import { cn } from "@/web/lib/cn";

const TONES: Record<string, { badge: string; dot: string }> = {
  gerando: { badge: "border-sky-200 bg-sky-50 text-sky-900", dot: "animate-pulse bg-sky-500" },
  falhou: { badge: "border-red-200 bg-red-50 text-red-900", dot: "bg-red-500" },
  gerado: { badge: "border-primary/20 bg-brand-soft text-accent-foreground", dot: "bg-primary" },
  editado: { badge: "border-amber-200 bg-amber-50 text-amber-900", dot: "bg-amber-500" },
  aprovado: { badge: "border-emerald-200 bg-emerald-50 text-emerald-900", dot: "bg-emerald-500" },
  aprovado_cliente: { badge: "border-emerald-300 bg-emerald-100 text-emerald-950", dot: "bg-emerald-600" },
};
const OTHER = { badge: "border-border bg-secondary text-secondary-foreground", dot: "bg-muted-foreground" };

/** Spec §4 Content plan status: the three labels, ours for gerando and falhou, other values raw. */
export function PlanStatusBadge({ status, className }: { status: string; className?: string }) {
  const tone = TONES[status] ?? OTHER;
  return (
    <Badge variant="outline" className={cn(tone.badge, className)} data-testid="plan-status">
      <span aria-hidden="true" className={cn("size-1.5 rounded-full", tone.dot)} />
      {planStatusLabel(status)}
    </Badge>
  );
}
