import { createHash, randomBytes } from "node:crypto";
import type { CalendarFeedLinks, CalendarFeedStatus } from "@/domain/absences/feed-api";
import { FEED_FILES, FEED_TOKEN_PATTERN, feedMessages, feedPath } from "@/domain/absences/feed-api";
import { feedWindow, ownAbsencesCalendar, whoIsAwayCalendar } from "@/domain/absences/feeds";
import type { Holiday } from "@/domain/calendar/holidays";
import { todayInSaoPaulo } from "@/domain/dates";
import { officeHolidaysOf } from "@/domain/sla/holidays";
import { hitRateLimit, type RateRule } from "../../auth/rate-limit";
import type { Db } from "../../db/client";
import { AppError, tooManyRequests } from "../../http/errors";
import type { RequestContext, SignedInContext } from "../../http/request-context";
import {
  activeOwnerOf,
  approvedPeriodsBetween,
  deleteFeed,
  feedCreatedAt,
  ownAbsencesBetween,
  saveFeedHash,
} from "./calendar-feeds.queries";

/*
 * 'Assinar calendário' (docs/decisions/060). The address is the only credential: 32 random
 * bytes, of which the database keeps the SHA-256, so a copy of the database opens no feed. The
 * feeds are fetched by calendar servers (Google's, Microsoft's) without a session.
 */

/**
 * Every call counted per address, known token or not, so guessing is as slow as for a shared
 * plan's link. Calendar servers fetch each feed a few times a day, from addresses they share
 * among their users: the limit is far above that.
 */
export const FEED_RATE_RULE = {
  name: "calendar-feed:ip",
  limit: 600,
  windowSeconds: 15 * 60,
} as const satisfies RateRule;

const newToken = () => randomBytes(32).toString("base64url");
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** An unknown, revoked or malformed address, and a deactivated owner's, all read the same. */
const feedNotFound = () => new AppError(404, "NOT_FOUND", { title: feedMessages.notFound });

export type FeedName = keyof typeof FEED_FILES;

export function createCalendarFeedsService(deps: { db: Db; publicUrl: string; clock?: () => Date }) {
  const { db } = deps;
  const now = () => deps.clock?.() ?? new Date();

  async function status(context: SignedInContext): Promise<CalendarFeedStatus> {
    const created = await feedCreatedAt(db, context.user.id);
    return { ativo: created !== null, criadoEm: created?.toISOString() ?? null };
  }

  /** 'Gerar novo link': a new address; the previous one stops at once. Shown this once. */
  async function renew(context: SignedInContext): Promise<CalendarFeedLinks> {
    const token = newToken();
    const created = await saveFeedHash(db, context.user.id, hashToken(token));
    context.log.info({ userId: context.user.id }, "calendar feed address made");
    return {
      quemEstaFora: `${deps.publicUrl}${feedPath(token, FEED_FILES.whoIsAway)}`,
      minhasAusencias: `${deps.publicUrl}${feedPath(token, FEED_FILES.own)}`,
      criadoEm: created.toISOString(),
    };
  }

  async function revoke(context: SignedInContext): Promise<void> {
    await deleteFeed(db, context.user.id);
    context.log.info({ userId: context.user.id }, "calendar feed address revoked");
  }

  function holidaysBetween(first: string, last: string): Holiday[] {
    const years = [Number(first.slice(0, 4)), Number(last.slice(0, 4))];
    const days: Holiday[] = [];
    for (let year = years[0]!; year <= years[1]!; year++) days.push(...officeHolidaysOf(year).values());
    return days
      .filter((day) => day.data >= first && day.data <= last)
      .sort((a, b) => a.data.localeCompare(b.data));
  }

  /** One feed's iCalendar text, by the address's token. */
  async function feed(context: RequestContext, token: string, name: FeedName): Promise<string> {
    const decision = await hitRateLimit(db, FEED_RATE_RULE, context.ip);
    if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
    if (!FEED_TOKEN_PATTERN.test(token)) throw feedNotFound();
    const owner = await activeOwnerOf(db, hashToken(token));
    if (!owner) throw feedNotFound();
    const stamp = now();
    const { first, last } = feedWindow(todayInSaoPaulo(stamp));
    if (name === "own") {
      return ownAbsencesCalendar({ absences: await ownAbsencesBetween(db, owner, first, last), stamp });
    }
    const periods = await approvedPeriodsBetween(db, first, last);
    return whoIsAwayCalendar({ periods, holidays: holidaysBetween(first, last), stamp });
  }

  return { status, renew, revoke, feed };
}

export type CalendarFeedsService = ReturnType<typeof createCalendarFeedsService>;
