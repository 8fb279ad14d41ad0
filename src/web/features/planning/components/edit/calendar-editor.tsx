import { CalendarRange } from "lucide-react";
import { useCalendarLayout } from "../../lib/calendar-layout";
import { CalendarLayoutToggle } from "../calendar/calendar-layout-toggle";
import { SectionCard } from "../view/section-card";
import { MonthEditor } from "./month-editor";
import { WeeksEditor } from "./weeks-editor";

/**
 * Edit mode's calendar section: the month, where a post opens in the post
 * editor and a drag moves it, or the weeks one under the other (adding and
 * removing weeks and posts), with the same remembered choice as read mode.
 */
export function CalendarEditor({ year, month, label }: { year: number; month: number; label: string }) {
  const [layout, setLayout] = useCalendarLayout();
  return (
    <SectionCard
      id="calendario"
      title="Calendário editorial"
      icon={CalendarRange}
      actions={<CalendarLayoutToggle layout={layout} onChange={setLayout} />}
    >
      {layout === "grade" ? <MonthEditor year={year} month={month} label={label} /> : <WeeksEditor />}
    </SectionCard>
  );
}
