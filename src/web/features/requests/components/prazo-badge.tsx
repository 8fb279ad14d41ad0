import { Clock } from "lucide-react";
import { type Prazo, prazoText, type SlaStanding } from "@/domain/sla/service-level";
import { cn } from "@/web/lib/cn";

const TONES: Record<SlaStanding, string> = {
  no_prazo: "border-emerald-600/20 bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  atencao: "border-amber-600/25 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  atrasada: "border-red-600/25 bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-200",
};

/**
 * The service level of a request (decision 014): 'Prazo: 5 h úteis restantes' or
 * 'Atrasada há 2 h úteis' for reviewers, 'No prazo' / 'Atenção' / 'Atrasada'
 * for the requester (the server sends the minutes to reviewers only).
 */
export function PrazoBadge({ prazo, className }: { prazo: Prazo; className?: string }) {
  return (
    <span
      data-testid="prazo"
      data-situacao={prazo.situacao}
      className={cn(
        "inline-flex w-fit items-center gap-1 rounded-md border px-1.5 py-0.5 text-xs font-medium whitespace-nowrap",
        TONES[prazo.situacao],
        className,
      )}
    >
      <Clock className="size-3 shrink-0" aria-hidden="true" />
      {prazoText(prazo)}
    </span>
  );
}
