import { isBusinessDay } from "./business-days";
import {
  addDays,
  dayOfWeek,
  daysBetween,
  daysInMonth,
  isoDate,
  type MonthWeek,
  weekContaining,
} from "./calendar";
import type { ChannelProfile } from "./channels";
import type { Hook, HookStyle, MonthHooks } from "./hooks";

/*
 * Which day each post goes out, before any text is written. Posts spread over
 * the month the way its days do, so a week of one day gets its share and no
 * pile; channels read at work go out on business days only; each date of the
 * month gets a post on the day, its warm-up or announcement in the days
 * before and, for the client's events, a recap after. The same request always
 * gives the same days.
 */

/** Why a post speaks of a date that is not its own. */
export type MentionKind = "aquecimento" | "anuncio" | "recap" | "proxima";

export type Mention = { kind: MentionKind; hook: Hook };

export type ScheduledPost = {
  channel: ChannelProfile;
  /** The channel's place in the request, so posts of a day keep the request's order. */
  channelOrder: number;
  /** 'yyyy-mm-dd'. */
  day: string;
  /** The dates and events of this post's own day (or an undated event of its week). */
  hooks: Hook[];
  mentions: Mention[];
};

/** A commercial date's warm-up, or a client event's announcement: the window before it and whether a post fills it. */
export type LeadUp = { hook: Hook; from: string | null; covered: boolean };

export type Schedule = {
  /** In date order, then in the request's channel order. */
  posts: ScheduledPost[];
  /** Most posts one day carries: two, unless the month has more posts than days. */
  dailyCap: number;
  warmUps: LeadUp[];
  announcements: LeadUp[];
};

/** Days before a date that its warm-up or announcement covers. */
export const LEAD_DAYS = 7;
/** Days after a client's event within which a post recaps it. */
export const RECAP_DAYS = 7;

/* Dates that most need a post on the day claim one first. */
const PRIORITY: Record<HookStyle, number> = {
  evento: 0,
  comercial: 1,
  feriado: 2,
  respeitosa: 3,
  celebracao: 4,
};

/** A post on a mourning date carries nothing else: no warm-up, no announcement. */
const quiet = (post: ScheduledPost) => post.hooks.some((hook) => hook.style === "respeitosa");

export function allowsDay(channel: ChannelProfile, iso: string): boolean {
  return channel.days === "todos" || isBusinessDay(iso);
}

/** Posts a channel gets in a month: its weekly rhythm over the month's days, at least one. */
export function monthlyCount(channel: ChannelProfile, days: number): number {
  return Math.max(1, Math.round((channel.perWeek * days) / 7));
}

class Board {
  readonly posts: ScheduledPost[] = [];
  private readonly load = new Map<string, number>();

  constructor(
    readonly weeks: readonly MonthWeek[],
    readonly days: readonly string[],
    readonly cap: number,
  ) {}

  loadOf(day: string): number {
    return this.load.get(day) ?? 0;
  }

  weekOf(day: string): number {
    return weekContaining(this.weeks, day)?.index ?? 0;
  }

  /** Whether `post` may go out on `day`: its channel's kind of day, room left, no second post of its channel. */
  fits(channel: ChannelProfile, day: string, self?: ScheduledPost): boolean {
    if (!allowsDay(channel, day)) return false;
    if (self?.day === day) return true;
    if (this.loadOf(day) >= this.cap) return false;
    return !this.posts.some((post) => post !== self && post.day === day && post.channel === channel);
  }

  add(post: ScheduledPost) {
    this.posts.push(post);
    this.load.set(post.day, this.loadOf(post.day) + 1);
  }

  move(post: ScheduledPost, day: string) {
    this.load.set(post.day, this.loadOf(post.day) - 1);
    post.day = day;
    this.load.set(day, this.loadOf(day) + 1);
  }

  /**
   * The day nearest `target` that fits, in the same week first; a weekday the
   * channel's audience prefers counts as two days nearer. `target` itself when
   * nothing fits.
   */
  nearestFit(channel: ChannelProfile, target: string): string {
    const week = this.weekOf(target);
    const best = channel.bestWeekdays;
    const cost = (day: string) =>
      Math.abs(daysBetween(target, day)) + (best.length && !best.includes(dayOfWeek(day)) ? 2 : 0);
    const ranked = [...this.days].sort(
      (left, right) =>
        Number(this.weekOf(left) !== week) - Number(this.weekOf(right) !== week) ||
        cost(left) - cost(right) ||
        left.localeCompare(right),
    );
    return ranked.find((day) => this.fits(channel, day)) ?? target;
  }

  inRange(from: string, to: string): ScheduledPost[] {
    return this.sorted().filter((post) => from <= post.day && post.day <= to);
  }

  sorted(): ScheduledPost[] {
    return [...this.posts].sort(
      (left, right) => left.day.localeCompare(right.day) || left.channelOrder - right.channelOrder,
    );
  }
}

/*
 * Each channel's k-th post sits at the same fraction of the days it may use,
 * shifted by a phase per channel so two channels do not share their days.
 */
function placeChannels(board: Board, channels: readonly ChannelProfile[]) {
  channels.forEach((channel, channelOrder) => {
    const eligible = board.days.filter((day) => allowsDay(channel, day));
    if (eligible.length === 0) return;
    const count = monthlyCount(channel, board.days.length);
    const phase = (channelOrder + 0.5) / channels.length;
    for (let k = 0; k < count; k++) {
      const target = eligible[Math.floor(((k + phase) * eligible.length) / count)] ?? eligible[0]!;
      board.add({ channel, channelOrder, day: board.nearestFit(channel, target), hooks: [], mentions: [] });
    }
  });
}

/**
 * A week left without posts by the rounding (a week of one or two days) takes
 * the nearest post of a neighbouring week that has more than one, when any
 * channel may go out in it: a plan reads wrong with an empty week, and one
 * post is no pile.
 */
function fillEmptyWeeks(board: Board) {
  for (const week of board.weeks) {
    const inWeek = (day: string) => week.inicio <= day && day <= week.fim;
    if (board.posts.some((post) => inWeek(post.day))) continue;
    const weekDays = board.days.filter(inWeek);
    const countOf = (index: number) => board.posts.filter((post) => board.weekOf(post.day) === index).length;
    const options = board.posts
      .filter((post) => countOf(board.weekOf(post.day)) > 1)
      .flatMap((post) =>
        weekDays
          .filter((day) => board.fits(post.channel, day, post))
          .map((day) => ({ post, day, distance: Math.abs(daysBetween(day, post.day)) })),
      )
      .sort(
        (left, right) =>
          left.distance - right.distance ||
          left.day.localeCompare(right.day) ||
          left.post.channelOrder - right.post.channelOrder,
      );
    const best = options[0];
    if (best) board.move(best.post, best.day);
  }
}

/** Moves the free post of `week` nearest `day` onto it when one may go; the post on that day otherwise. */
function claimDay(board: Board, hook: Hook, day: string): ScheduledPost | undefined {
  const week = board.weekOf(day);
  // A post that already warms up or announces another date stays where it does that.
  const free = board
    .sorted()
    .filter(
      (post) => post.hooks.length === 0 && post.mentions.length === 0 && board.weekOf(post.day) === week,
    )
    .filter((post) => board.fits(post.channel, day, post))
    .sort((left, right) => Math.abs(daysBetween(day, left.day)) - Math.abs(daysBetween(day, right.day)));
  const chosen = free[0];
  if (chosen) {
    board.move(chosen, day);
    return chosen;
  }
  const onDay = board.sorted().filter((post) => post.day === day);
  return onDay.find((post) => post.hooks.every((other) => other.style === hook.style)) ?? onDay[0];
}

/** The post nearest `day`, one without a date of its own first, so the date it is told about leads it. */
function nearest(posts: readonly ScheduledPost[], day: string): ScheduledPost | undefined {
  return [...posts].sort(
    (left, right) =>
      Math.abs(daysBetween(day, left.day)) -
        Math.abs(daysBetween(day, right.day)) +
        3 * (Number(left.hooks.length > 0) - Number(right.hooks.length > 0)) ||
      left.day.localeCompare(right.day) ||
      left.channelOrder - right.channelOrder,
  )[0];
}

/** Gives each date a post on its day; returns the dates no post could go out on. */
function placeDatedHooks(board: Board, hooks: readonly Hook[]): Hook[] {
  const ordered = [...hooks].sort(
    (left, right) =>
      PRIORITY[left.style] - PRIORITY[right.style] || (left.date ?? "").localeCompare(right.date ?? ""),
  );
  const unplaced: Hook[] = [];
  for (const hook of ordered) {
    const post = claimDay(board, hook, hook.date ?? "");
    if (post) post.hooks.push(hook);
    else unplaced.push(hook);
  }
  return unplaced;
}

/**
 * A date no post could go out on (a weekend for a LinkedIn-only plan) is
 * still told: by its warm-up, announcement or recap when it has one, else by
 * the nearest post, one before the date first.
 */
function tellUnplaced(board: Board, hooks: readonly Hook[]) {
  for (const hook of hooks) {
    if (board.posts.some((post) => post.mentions.some((mention) => mention.hook === hook))) continue;
    const day = hook.date ?? "";
    const before = board.posts.filter((post) => post.day < day);
    nearest(before.length ? before : board.posts, day)?.mentions.push({ kind: "proxima", hook });
  }
}

/** An event typed without a day goes on a free post of the week it was given, else on any post of that week. */
function placeUndatedHooks(board: Board, byWeek: readonly Hook[][]) {
  byWeek.forEach((hooks, index) => {
    for (const hook of hooks.filter((candidate) => candidate.date === null)) {
      const week = board.sorted().filter((post) => board.weekOf(post.day) === index + 1 && !quiet(post));
      const post = week.find((candidate) => candidate.hooks.length === 0) ?? week[0];
      if (post) post.hooks.push(hook);
      else nearest(board.posts, board.weeks[index]?.inicio ?? "")?.mentions.push({ kind: "proxima", hook });
    }
  });
}

/** Free posts that could move into `windowDays`: nearest first, those of the same week before any other. */
function movesInto(board: Board, windowDays: readonly string[], sameWeekOnly: boolean) {
  return board.posts
    .filter((post) => post.hooks.length === 0 && post.mentions.length === 0)
    .flatMap((post) =>
      windowDays
        .filter((day) => !sameWeekOnly || board.weekOf(day) === board.weekOf(post.day))
        .filter((day) => board.fits(post.channel, day, post))
        .map((day) => ({ post, day, distance: Math.abs(daysBetween(day, post.day)) })),
    )
    .sort(
      (left, right) =>
        left.distance - right.distance ||
        right.day.localeCompare(left.day) ||
        left.post.channelOrder - right.post.channelOrder,
    );
}

/**
 * The posts in the days before `hook`; when none is there, the free post
 * nearest the window moves into it: from its own week, so each week keeps
 * its share, and only when that week has none, from the next one.
 */
function leadUpPosts(
  board: Board,
  hook: Hook,
  first: string,
): { from: string | null; posts: ScheduledPost[] } {
  const date = hook.date ?? "";
  if (date <= first) return { from: null, posts: [] };
  const from = addDays(date, -LEAD_DAYS) < first ? first : addDays(date, -LEAD_DAYS);
  const to = addDays(date, -1);
  const posts = board.inRange(from, to).filter((post) => !quiet(post));
  if (posts.length > 0) return { from, posts };
  const windowDays = board.days.filter((day) => from <= day && day <= to);
  const best = movesInto(board, windowDays, true)[0] ?? movesInto(board, windowDays, false)[0];
  if (!best) return { from, posts: [] };
  board.move(best.post, best.day);
  return { from, posts: [best.post] };
}

function planWarmUps(board: Board, hooks: readonly Hook[], first: string): LeadUp[] {
  return hooks
    .filter((hook) => hook.style === "comercial" && hook.date !== null)
    .map((hook) => {
      const { from, posts } = leadUpPosts(board, hook, first);
      for (const post of posts) post.mentions.push({ kind: "aquecimento", hook });
      return { hook, from, covered: posts.length > 0 };
    });
}

/** Posts that reached a warm-up window after it was planned warm up too: every post of those days does. */
function completeWarmUps(board: Board, warmUps: readonly LeadUp[]) {
  for (const { hook, from } of warmUps) {
    if (from === null || hook.date === null) continue;
    for (const post of board.inRange(from, addDays(hook.date, -1)).filter((candidate) => !quiet(candidate))) {
      if (!post.mentions.some((mention) => mention.hook === hook))
        post.mentions.push({ kind: "aquecimento", hook });
    }
  }
}

function planAnnouncements(board: Board, hooks: readonly Hook[], first: string): LeadUp[] {
  return hooks
    .filter((hook) => hook.style === "evento" && hook.date !== null)
    .map((hook) => {
      const { from, posts } = leadUpPosts(board, hook, first);
      // The latest post before the day that has no date of its own announces; any other does when all have one.
      const announcer = [...posts].reverse().find((post) => post.hooks.length === 0) ?? posts.at(-1);
      announcer?.mentions.push({ kind: "anuncio", hook });
      return { hook, from, covered: announcer !== undefined };
    });
}

/** The first post in the week after a client's event recaps it, once every post has its day. */
function planRecaps(board: Board, announcements: readonly LeadUp[], last: string) {
  for (const { hook } of announcements) {
    const date = hook.date ?? last;
    if (date >= last) continue;
    const until = addDays(date, RECAP_DAYS) > last ? last : addDays(date, RECAP_DAYS);
    const after = board.inRange(addDays(date, 1), until).filter((post) => !quiet(post));
    const recap = after.find((post) => post.hooks.length === 0) ?? after[0];
    recap?.mentions.push({ kind: "recap", hook });
  }
}

/** `upcoming`: dates and events of the week after the month (hooks.ts `upcomingHooks`), warmed up or announced here. */
export function buildSchedule(
  year: number,
  month: number,
  weeks: readonly MonthWeek[],
  channels: readonly ChannelProfile[],
  hooks: MonthHooks,
  upcoming: readonly Hook[] = [],
): Schedule {
  const days = Array.from({ length: daysInMonth(year, month) }, (_, index) =>
    isoDate(year, month, index + 1),
  );
  const total = channels.reduce((sum, channel) => sum + monthlyCount(channel, days.length), 0);
  const cap = Math.max(2, Math.ceil(total / days.length));
  const board = new Board(weeks, days, cap);
  placeChannels(board, channels);
  fillEmptyWeeks(board);
  const dated = hooks.byWeek.flat().filter((hook) => hook.date !== null);
  const first = days[0] ?? "";
  const last = days.at(-1) ?? "";
  // The client's events and the commercial dates first, with what comes before them; the other dates take what is left.
  const major = dated.filter((hook) => hook.style === "evento" || hook.style === "comercial");
  const unplaced = placeDatedHooks(board, major);
  const announcements = planAnnouncements(board, [...dated, ...upcoming], first);
  const warmUps = planWarmUps(board, [...dated, ...upcoming], first);
  unplaced.push(
    ...placeDatedHooks(
      board,
      dated.filter((hook) => !major.includes(hook)),
    ),
  );
  placeUndatedHooks(board, hooks.byWeek);
  completeWarmUps(board, warmUps);
  planRecaps(board, announcements, last);
  tellUnplaced(board, unplaced);
  return { posts: board.sorted(), dailyCap: cap, warmUps, announcements };
}
