import { CalendarRange } from "lucide-react";
import type { PlanWeek } from "@/domain/planning/plan-content.schema";
import { EmptyNote } from "./empty-note";
import { SectionCard } from "./section-card";
import { WeekTable } from "./week-table";

/** Spec §2 viewer: the editorial calendar, one table per week. */
export function CalendarSection({ planId, weeks }: { planId: string; weeks: readonly PlanWeek[] }) {
  const posts = weeks.reduce((total, week) => total + week.posts.length, 0);
  return (
    <SectionCard id="calendario" title="Calendário editorial" icon={CalendarRange} count={posts}>
      {weeks.length === 0 ? (
        <EmptyNote>Nenhuma semana no calendário deste planejamento.</EmptyNote>
      ) : (
        <div className="flex flex-col gap-6">
          {weeks.map((week, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: weeks have no id; the position is their identity
            <WeekTable key={index} planId={planId} week={week} index={index} />
          ))}
        </div>
      )}
    </SectionCard>
  );
}
