import { useMemo } from "react";
import { type PostRef, placePosts } from "@/domain/planning/month-calendar";
import type { PlanWeek } from "@/domain/planning/plan-content.schema";
import { channelsOf } from "../../lib/channel-colors";
import { ChannelLegend } from "./channel-legend";
import { MonthGrid } from "./month-grid";
import { PlanAgenda } from "./plan-agenda";

/**
 * The editorial calendar as a month: the grid from md up, the agenda below;
 * the channel legend, and a word on posts placed without a date of their own.
 * Read mode and edit mode both draw it; they differ in what opening and
 * moving a post do.
 */
export function PlanCalendar({
  year,
  month,
  label,
  weeks,
  onOpen,
  onMove,
  moving,
}: {
  year: number;
  month: number;
  label: string;
  weeks: readonly PlanWeek[];
  onOpen: (ref: PostRef) => void;
  onMove: (ref: PostRef, date: string) => void;
  moving?: boolean;
}) {
  const { byDay, unplaced } = useMemo(() => placePosts(weeks, year, month), [weeks, year, month]);
  const channels = useMemo(() => channelsOf(weeks.flatMap((week) => week.posts)), [weeks]);
  const undated = useMemo(() => [...byDay.values()].some((posts) => posts.some((p) => p.fallback)), [byDay]);

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <ChannelLegend channels={channels} />
      <div className="hidden min-w-0 md:block">
        <MonthGrid
          year={year}
          month={month}
          label={label}
          byDay={byDay}
          unplaced={unplaced}
          onOpen={onOpen}
          onMove={onMove}
          moving={moving}
        />
      </div>
      <PlanAgenda byDay={byDay} unplaced={unplaced} onOpen={onOpen} className="md:hidden" />
      {undated ? (
        <p className="text-xs text-muted-foreground">
          Posts sem data sugerida (de planejamentos anteriores a ela) aparecem no primeiro dia da sua semana,
          com borda tracejada.
        </p>
      ) : null}
    </div>
  );
}
