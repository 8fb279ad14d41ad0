import { Bot, CalendarDays } from "lucide-react";
import type * as React from "react";
import { generatorLabel, type PlanDetail } from "@/domain/planning/plan";
import { formatInstantDate } from "@/web/lib/format";
import { clientName, longReference } from "../../lib/format";
import { PlanStatusBadge } from "../plan-status-badge";
import { BackButton } from "./back-button";

/** The viewer's heading: back, client and month, status, who generated it, and the page's actions. */
export function PlanHeader({ plan, actions }: { plan: PlanDetail; actions?: React.ReactNode }) {
  return (
    <header className="flex flex-col gap-3">
      <BackButton />
      <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <h1 className="text-2xl font-semibold tracking-tight break-words md:text-3xl">
            {clientName(plan.cliente?.name)}
          </h1>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <span className="flex items-center gap-1.5 text-base font-medium text-foreground/80">
              <CalendarDays className="size-4 text-muted-foreground" aria-hidden="true" />
              {longReference(plan.mes_referencia, plan.ano_referencia)}
            </span>
            <PlanStatusBadge status={plan.status} />
          </div>
          <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm text-muted-foreground">
            <Bot className="size-4 shrink-0" aria-hidden="true" />
            <span>{generatorLabel[plan.gerador] ?? plan.gerador}</span>
            <span aria-hidden="true">·</span>
            <span>
              Criado em <time dateTime={plan.created_at}>{formatInstantDate(plan.created_at)}</time>
            </span>
          </p>
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-2 md:justify-end">{actions}</div> : null}
      </div>
    </header>
  );
}
