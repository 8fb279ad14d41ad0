import { useMemo } from "react";
import type { MonthPlacement, PostRef } from "@/domain/planning/month-calendar";
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
  placement,
  planId,
  onOpen,
  onMove,
  moving,
}: {
  /** Read mode's plan, for the client's comments on each post. */
  planId?: string;
  year: number;
  month: number;
  label: string;
  placement: MonthPlacement;
  onOpen: (ref: PostRef) => void;
  onMove: (ref: PostRef, date: string) => void;
  moving?: boolean;
}) {
  const channels = useMemo(() => channelsOf(placement.posts.map((placed) => placed.post)), [placement]);
  const undated = placement.posts.some((placed) => placed.fallback);

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <ChannelLegend channels={channels} />
      <div className="hidden min-w-0 md:block">
        <MonthGrid
          year={year}
          month={month}
          label={label}
          byDay={placement.byDay}
          planId={planId}
          onOpen={onOpen}
          onMove={onMove}
          moving={moving}
        />
      </div>
      <PlanAgenda byDay={placement.byDay} planId={planId} onOpen={onOpen} className="md:hidden" />
      {undated ? (
        <p className="text-xs text-muted-foreground">
          Posts sem data sugerida neste mês (de planejamentos anteriores a ela) aparecem no primeiro dia da
          sua semana, com borda tracejada.
        </p>
      ) : null}
    </div>
  );
}
