import type { PlanContent, PlanPost, PlanWeek } from "./plan-content.schema";

/*
 * The plan's month as a calendar (issue 14, 'A calendar people look at'): the
 * grid's days, the day each post sits on, and moving a post to another day.
 * Pure date arithmetic on 'yyyy-mm-dd' texts in UTC, so the device's time zone
 * never shifts a day. Weeks start on Sunday (spec §9), as the plan's weeks do.
 */

export type CalendarDay = { date: string; day: number; inMonth: boolean };

/** Where a post is in the content: its week and its position in that week. */
export type PostRef = { week: number; index: number };

export type PlacedPost = PostRef & {
  post: PlanPost;
  /** True when the post has no data_sugerida and sits on its week's first day in the month. */
  fallback: boolean;
};

export type MonthPlacement = {
  /** Posts by day ('yyyy-mm-dd'), in the content's order. */
  byDay: Map<string, PlacedPost[]>;
  /** Posts with no day in this month (a date of another month, or an undated week with no dates). */
  unplaced: PlacedPost[];
};

const pad = (value: number) => String(value).padStart(2, "0");

function iso(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** First and last day of a month ('yyyy-mm-dd'); month is 1–12. */
export function monthBounds(year: number, month: number): { first: string; last: string } {
  return {
    first: iso(new Date(Date.UTC(year, month - 1, 1))),
    last: iso(new Date(Date.UTC(year, month, 0))),
  };
}

/** The month's weeks, Sunday to Saturday, with the neighbouring months' days that complete them. */
export function monthGrid(year: number, month: number): CalendarDay[][] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const start = new Date(first);
  start.setUTCDate(1 - first.getUTCDay());
  const last = new Date(Date.UTC(year, month, 0));
  const weeks: CalendarDay[][] = [];
  const cursor = new Date(start);
  while (cursor <= last) {
    const week: CalendarDay[] = [];
    for (let weekday = 0; weekday < 7; weekday++) {
      week.push({
        date: iso(cursor),
        day: cursor.getUTCDate(),
        inMonth: cursor.getUTCMonth() === month - 1,
      });
      cursor.setUTCDate(cursor.getUTCDate() + 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/**
 * The day a post sits on: its data_sugerida; without one (plans made before
 * it), its week's first day within the month. Null when neither is in the month.
 */
export function postDay(
  post: Pick<PlanPost, "data_sugerida">,
  week: Pick<PlanWeek, "data_inicio" | "data_fim">,
  bounds: { first: string; last: string },
): { date: string; fallback: boolean } | null {
  const inMonth = (date: string) => date >= bounds.first && date <= bounds.last;
  if (post.data_sugerida)
    return inMonth(post.data_sugerida) ? { date: post.data_sugerida, fallback: false } : null;
  if (!week.data_inicio) return null;
  // 'yyyy-mm-dd' texts compare as dates; the later of the week's start and the 1st.
  const start = [week.data_inicio, bounds.first].sort()[1]!;
  if (!inMonth(start) || (week.data_fim && start > week.data_fim)) return null;
  return { date: start, fallback: true };
}

/** Every post of the plan on its day of the month. */
export function placePosts(weeks: readonly PlanWeek[], year: number, month: number): MonthPlacement {
  const bounds = monthBounds(year, month);
  const byDay = new Map<string, PlacedPost[]>();
  const unplaced: PlacedPost[] = [];
  weeks.forEach((week, weekIndex) => {
    week.posts.forEach((post, index) => {
      const day = postDay(post, week, bounds);
      if (!day) {
        unplaced.push({ post, week: weekIndex, index, fallback: false });
        return;
      }
      const placed = { post, week: weekIndex, index, fallback: day.fallback };
      const list = byDay.get(day.date);
      if (list) list.push(placed);
      else byDay.set(day.date, [placed]);
    });
  });
  return { byDay, unplaced };
}

/** The week whose data_inicio..data_fim holds the day, or -1. */
export function weekOfDay(
  weeks: readonly Pick<PlanWeek, "data_inicio" | "data_fim">[],
  date: string,
): number {
  return weeks.findIndex(
    (week) =>
      week.data_inicio !== null &&
      week.data_fim !== null &&
      week.data_inicio <= date &&
      date <= week.data_fim,
  );
}

/**
 * Moves a post to a day: its data_sugerida becomes the day and it goes to the
 * week that holds the day (its own week when no week's dates hold it: plans
 * made before weeks had dates), before that week's first post of a later day.
 * Returns the new weeks and where the post now is; the input is not changed.
 */
export function movePost(
  weeks: readonly PlanWeek[],
  from: PostRef,
  date: string,
): { weeks: PlanWeek[]; to: PostRef } {
  const source = weeks[from.week];
  const post = source?.posts[from.index];
  if (!source || !post) throw new RangeError(`No post at week ${from.week}, index ${from.index}`);
  const moved: PlanPost = { ...post, data_sugerida: date };
  const found = weekOfDay(weeks, date);
  const target = found === -1 ? from.week : found;
  const next = weeks.map((week) => ({ ...week, posts: [...week.posts] }));
  next[from.week]!.posts.splice(from.index, 1);
  const posts = next[target]!.posts;
  const later = posts.findIndex((other) => (other.data_sugerida ?? "") > date);
  const index = later === -1 ? posts.length : later;
  posts.splice(index, 0, moved);
  return { weeks: next, to: { week: target, index } };
}

/** The same content with its weeks replaced (a move's result, for a save). */
export function withWeeks(content: PlanContent, weeks: PlanWeek[]): PlanContent {
  return { ...content, calendario_editorial: { ...content.calendario_editorial, semanas: weeks } };
}
