import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { useMemo, useState } from "react";
import { addDays } from "@/domain/planning/generator/calendar";
import type { PlacedPost, PostRef } from "@/domain/planning/month-calendar";
import { monthGrid } from "@/domain/planning/plan-export";
import { cn } from "@/web/lib/cn";
import { longDay, WEEKDAYS } from "../../lib/calendar-dates";
import { PostChip, PostChipFace, type PostDragData } from "./post-chip";

const DAY_PREFIX = "dia-";
const dayId = (date: string) => `${DAY_PREFIX}${date}`;
const dateOf = (id: string | number | undefined) =>
  typeof id === "string" && id.startsWith(DAY_PREFIX) ? id.slice(DAY_PREFIX.length) : null;

const STEP: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/**
 * The arrows move a dragged post one day (left, right) or one week (up, down)
 * across the month's days; days of the neighbouring months are no targets.
 */
const dayByDay: KeyboardCoordinateGetter = (event, { context }) => {
  const step = STEP[event.code];
  const { active, over, droppableRects, collisionRect } = context;
  if (step === undefined || !active || !collisionRect) return undefined;
  event.preventDefault();
  const start = dateOf(over?.id) ?? (active.data.current as PostDragData | undefined)?.from;
  if (!start) return undefined;
  const target = droppableRects.get(dayId(addDays(start, step)));
  if (!target) return undefined;
  return {
    x: target.left + (target.width - collisionRect.width) / 2,
    y: target.top + (target.height - collisionRect.height) / 2,
  };
};

/** The pointer's day when there is a pointer; for the keyboard, the day the post was moved onto. */
const collision: CollisionDetection = (args) =>
  args.pointerCoordinates ? pointerWithin(args) : closestCenter(args);

/** A cell of the grid: a day of the month, or a neighbouring month's day (greyed, no target). */
type GridDay = { date: string; day: number; inMonth: boolean };

/** The export's rows (other months' days are null), with those days' dates filled in for their numbers. */
function gridDays(year: number, month: number): GridDay[][] {
  return monthGrid(year, month).map((row) => {
    const anchor = row.findIndex((date) => date !== null);
    return row.map((date, column) => {
      const filled = date ?? addDays(row[anchor]!, column - anchor);
      return { date: filled, day: Number(filled.slice(8, 10)), inMonth: date !== null };
    });
  });
}

function DayCell({
  day,
  posts,
  planId,
  onOpen,
  moving,
}: {
  day: GridDay;
  planId?: string;
  posts: PlacedPost[];
  onOpen: (ref: PostRef) => void;
  moving: boolean;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: dayId(day.date), disabled: !day.inMonth });
  if (!day.inMonth) {
    return (
      <div
        className="flex min-h-28 flex-col border-r border-b bg-muted/50 p-1.5 last:border-r-0"
        aria-hidden="true"
      >
        <span className="text-xs text-muted-foreground tabular-nums">{day.day}</span>
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: a day of the grid is a group of posts under the day's name; a fieldset is for form controls
    <div
      ref={setNodeRef}
      role="group"
      aria-label={longDay(day.date)}
      data-date={day.date}
      className={cn(
        "flex min-h-28 min-w-0 flex-col gap-1 border-r border-b p-1.5 transition-colors last:border-r-0",
        isOver && "bg-primary/10 ring-2 ring-primary/50 ring-inset",
      )}
    >
      <span className="text-xs font-medium text-foreground/80 tabular-nums" aria-hidden="true">
        {day.day}
      </span>
      {posts.map((placed) => (
        <PostChip
          key={`${placed.week}-${placed.index}`}
          placed={placed}
          planId={planId}
          disabled={moving}
          onOpen={() => onOpen(placed)}
        />
      ))}
    </div>
  );
}

/**
 * The month from Sunday to Saturday (spec §9), each post on its day. Dropping a
 * post on another day of the month calls onMove; the caller saves or edits.
 */
export function MonthGrid({
  year,
  month,
  label,
  byDay,
  planId,
  onOpen,
  onMove,
  moving = false,
}: {
  /** For the client's comments on each post; none in edit mode. */
  planId?: string;
  year: number;
  month: number;
  label: string;
  byDay: Map<string, PlacedPost[]>;
  onOpen: (ref: PostRef) => void;
  onMove: (ref: PostRef, date: string) => void;
  /** A move is being saved: no other drag until it is. */
  moving?: boolean;
}) {
  const grid = useMemo(() => gridDays(year, month), [year, month]);
  const [dragged, setDragged] = useState<PlacedPost | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: dayByDay,
      // Enter opens the post; Space picks it up and puts it down.
      keyboardCodes: { start: ["Space"], cancel: ["Escape"], end: ["Space", "Enter"] },
    }),
  );

  const find = (ref: PostRef) => {
    for (const posts of byDay.values()) {
      const placed = posts.find((p) => p.week === ref.week && p.index === ref.index);
      if (placed) return placed;
    }
    return null;
  };
  const titleOf = (data: unknown) => (data as PostDragData | undefined)?.title ?? "";

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Post ${titleOf(active.data.current)} pego.`,
    // Also heard at once when the post is picked up (over its own day), after 'pego'.
    onDragOver: ({ active, over }) => {
      const date = dateOf(over?.id);
      if (!date) return "Fora dos dias do mês.";
      const origin = date === (active.data.current as PostDragData | undefined)?.from;
      return `Sobre ${longDay(date)}${origin ? ", o dia atual do post" : ""}.`;
    },
    onDragEnd: ({ active, over }) => {
      const date = dateOf(over?.id);
      return date
        ? `Post ${titleOf(active.data.current)} movido para ${longDay(date)}.`
        : `Post ${titleOf(active.data.current)} solto fora dos dias do mês; nada mudou.`;
    },
    onDragCancel: ({ active }) => `Movimento do post ${titleOf(active.data.current)} cancelado.`,
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    const data = active.data.current as PostDragData | undefined;
    setDragged(data ? find(data.ref) : null);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const data = active.data.current as PostDragData | undefined;
    const date = dateOf(over?.id);
    if (data && date && date !== data.from) onMove(data.ref, date);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            "Enter abre o post. Para movê-lo, pressione Espaço, escolha o dia com as setas (um dia para os lados, uma semana para cima ou para baixo) e pressione Espaço de novo; Esc cancela.",
        },
      }}
    >
      <section aria-label={label} className="overflow-hidden rounded-lg border">
        <div className="grid grid-cols-7 border-b bg-muted/60" aria-hidden="true">
          {WEEKDAYS.map((weekday) => (
            <div key={weekday} className="px-1.5 py-2 text-xs font-semibold text-muted-foreground">
              {weekday}
            </div>
          ))}
        </div>
        {grid.map((week) => (
          <div key={week[0]!.date} className="grid grid-cols-7 [&:last-child>*]:border-b-0">
            {week.map((day) => (
              <DayCell
                key={day.date}
                day={day}
                posts={byDay.get(day.date) ?? []}
                planId={planId}
                onOpen={onOpen}
                moving={moving}
              />
            ))}
          </div>
        ))}
      </section>
      <DragOverlay dropAnimation={null}>
        {dragged ? <PostChipFace placed={dragged} className="w-36 cursor-grabbing shadow-lg" /> : null}
      </DragOverlay>
    </DndContext>
  );
}
