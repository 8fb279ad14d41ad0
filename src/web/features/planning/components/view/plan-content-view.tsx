import type { PlanDetail } from "@/domain/planning/plan";
import type { PlanContent } from "@/domain/planning/plan-content.schema";
import { CalendarSection } from "./calendar-section";
import { ExperimentsTable } from "./experiments-table";
import { InsightsList } from "./insights-list";
import { PillarsTable } from "./pillars-table";

/** Spec §2 viewer, read mode: the four sections. */
export function PlanContentView({
  plan,
  content,
  onReload,
}: {
  plan: PlanDetail;
  content: PlanContent;
  onReload: () => Promise<unknown>;
}) {
  return (
    <div className="flex flex-col gap-6">
      <InsightsList insights={content.insights_gerais} />
      <PillarsTable pillars={content.content_pillars.pillars} />
      <CalendarSection plan={plan} weeks={content.calendario_editorial.semanas} onReload={onReload} />
      <ExperimentsTable experiments={content.experimentos.testes} />
    </div>
  );
}
