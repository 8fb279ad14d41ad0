import type { PlanContent, PlanPost, PlanWeek } from "./plan-content.schema";
import { datedPosts } from "./plan-export";

/*
 * The viewer's month (decision 018): the posts by
 * day, and moving a post to another day. Where a post sits is the export's
 * rule (`datedPosts`), so the grid and the PDF for the client agree; the grid's
 * rows are the export's `monthGrid`. Dates are 'yyyy-mm-dd' texts.
 */

/** Where a post is in the content: its week and its position in that week. */
export type PostRef = { week: number; index: number };

export type PlacedPost = PostRef & {
  post: PlanPost;
  /** The day it sits on, always in the plan's month. */
  date: string;
  /** True when the post has no data_sugerida in the month and its week's first day stands in. */
  fallback: boolean;
};

export type MonthPlacement = {
  /** Every post, in the content's order. */
  posts: PlacedPost[];
  /** The same posts by day ('yyyy-mm-dd'). */
  byDay: Map<string, PlacedPost[]>;
};

/** Every post of the plan on its day of the month. */
export function placePosts(weeks: readonly PlanWeek[], year: number, month: number): MonthPlacement {
  const dated = datedPosts({
    ano_referencia: String(year).padStart(4, "0"),
    mes_referencia: String(month).padStart(2, "0"),
    content: { calendario_editorial: { semanas: [...weeks] } },
  });
  // datedPosts walks the weeks and their posts in order: the n-th of a week is its post n.
  const seen = new Map<number, number>();
  const posts = dated.map((item): PlacedPost => {
    const week = item.weekNumber - 1;
    const index = seen.get(week) ?? 0;
    seen.set(week, index + 1);
    return { post: item.post, week, index, date: item.day, fallback: !item.suggested };
  });
  const byDay = new Map<string, PlacedPost[]>();
  for (const placed of posts) {
    const list = byDay.get(placed.date);
    if (list) list.push(placed);
    else byDay.set(placed.date, [placed]);
  }
  return { posts, byDay };
}

export function findPlaced(placement: MonthPlacement, ref: PostRef): PlacedPost | undefined {
  return placement.posts.find((placed) => placed.week === ref.week && placed.index === ref.index);
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
 * whose weeks have no dates), before that week's first post of a later day.
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
