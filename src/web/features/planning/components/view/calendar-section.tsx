import { CalendarRange } from "lucide-react";
import type { PlanDetail } from "@/domain/planning/plan";
import type { PlanWeek } from "@/domain/planning/plan-content.schema";
import { useCalendarLayout } from "../../lib/calendar-layout";
import { CalendarLayoutToggle } from "../calendar/calendar-layout-toggle";
import { EmptyNote } from "./empty-note";
import { MonthCalendar } from "./month-calendar";
import { SectionCard } from "./section-card";
import { WeekTable } from "./week-table";

/**
 * Spec §2 viewer: the editorial calendar, as the month (decision 018) or as the
 * spec's table per week, one click apart; the choice is remembered.
 */
export function CalendarSection({
  plan,
  weeks,
  onReload,
}: {
  plan: PlanDetail;
  weeks: readonly PlanWeek[];
  onReload: () => Promise<unknown>;
}) {
  const [layout, setLayout] = useCalendarLayout();
  const posts = weeks.reduce((total, week) => total + week.posts.length, 0);
  return (
    <SectionCard
      id="calendario"
      title="Calendário editorial"
      icon={CalendarRange}
      count={posts}
      actions={<CalendarLayoutToggle layout={layout} onChange={setLayout} />}
    >
      {weeks.length === 0 ? (
        <EmptyNote>Nenhuma semana no calendário deste planejamento.</EmptyNote>
      ) : layout === "grade" ? (
        <MonthCalendar plan={plan} onReload={onReload} />
      ) : (
        <div className="flex flex-col gap-6">
          {weeks.map((week, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: weeks have no id; the position is their identity
            <WeekTable key={index} planId={plan.id} week={week} index={index} />
          ))}
        </div>
      )}
    </SectionCard>
  );
}
