import { CalendarCheck, CalendarDays, Eye, Lightbulb } from "lucide-react";
import { Link } from "react-router";
import type { PlanSummary } from "@/domain/planning/plan";
import { Button } from "@/web/components/ui/button";
import { paths } from "@/web/config/paths";
import { formatInstantDate } from "@/web/lib/format";
import { clientName, insightsCount, shortReference } from "../lib/format";
import { PlanStatusBadge } from "./plan-status-badge";

/** Spec §2 /planejamento/lista: one plan as a card. */
export function PlanCard({ plan }: { plan: PlanSummary }) {
  const titleId = `plano-${plan.id}-titulo`;
  const name = clientName(plan.cliente_nome);
  const reference = shortReference(plan.mes_referencia, plan.ano_referencia);
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full min-w-0 flex-col gap-4 rounded-xl border bg-card p-5 shadow-xs transition-shadow hover:shadow-sm"
    >
      <div className="flex min-w-0 items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={titleId} className="text-lg leading-snug font-semibold tracking-tight break-words">
            {name}
          </h2>
          <p className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground tabular-nums">
            <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
            {reference}
          </p>
        </div>
        <PlanStatusBadge status={plan.status} className="mt-0.5" />
      </div>

      <ul className="flex flex-col gap-1.5 text-sm text-muted-foreground" aria-label="Resumo">
        <li className="flex items-center gap-2">
          <Lightbulb className="size-4 shrink-0 text-amber-500" aria-hidden="true" />
          {insightsCount(plan.insights_count)}
        </li>
        {plan.has_calendar ? (
          <li className="flex items-center gap-2">
            <CalendarCheck className="size-4 shrink-0 text-emerald-600" aria-hidden="true" />
            Calendário editorial incluído
          </li>
        ) : null}
      </ul>

      <div className="mt-auto flex items-center justify-between gap-3 border-t pt-4">
        <p className="text-xs text-muted-foreground tabular-nums">
          Criado em <time dateTime={plan.created_at}>{formatInstantDate(plan.created_at)}</time>
        </p>
        <Button asChild variant="outline" size="sm">
          <Link to={paths.app.planejamentoVisualizar.getHref(plan.id)}>
            <Eye aria-hidden="true" />
            Visualizar
            <span className="sr-only">
              {" "}
              {name} {reference}
            </span>
          </Link>
        </Button>
      </div>
    </article>
  );
}
