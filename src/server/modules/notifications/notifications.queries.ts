import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { buildPushPayload } from "@/domain/push/payload";
import type { Executor } from "../../db/client";
import { notificationPreferences, notifications, users } from "../../db/schema";
import { queuePushesFor } from "../push/push.queries";

export type NewNotification = {
  userId: string;
  type: string;
  subjectKind: string;
  subjectId: string;
  title: string;
  body: string | null;
};

/**
 * The bell's rows, and in the same statement the web pushes that carry them to each person's
 * subscribed devices (outbox rows of kind 'push', docs/decisions/061-web-push.md): committed or
 * rolled back with the change that rang the bell.
 */
export async function insertNotifications(db: Executor, rows: readonly NewNotification[]) {
  if (!rows.length) return;
  const pushes = rows.map((row) => ({ userId: row.userId, payload: buildPushPayload(row) }));
  await db.execute(sql`with bell as ${db.insert(notifications).values([...rows])} ${queuePushesFor(pushes)}`);
}

/** The latest of a person's notifications and how many are unread, in one statement. */
export async function latestNotifications(db: Executor, userId: string, limit: number) {
  const result = await db.execute(sql`
    select n.id, n.created_at, n.title, n.body, n.subject_kind, n.subject_id, n.read_at,
      (select count(*) from ${notifications} u where u.user_id = ${userId} and u.read_at is null)::int as unread
    from ${notifications} n where n.user_id = ${userId}
    order by n.id desc limit ${limit}`);
  return result.rows as {
    id: number | string;
    created_at: Date | string;
    title: string;
    body: string | null;
    subject_kind: string;
    subject_id: string;
    read_at: Date | string | null;
    unread: number;
  }[];
}

export async function unreadCount(db: Executor, userId: string) {
  const result = await db.execute(
    sql`select count(*)::int as n from ${notifications} where user_id = ${userId} and read_at is null`,
  );
  return Number((result.rows[0] as { n: number }).n);
}

/** Marks a person's notifications read: those of `ids`, or all. Others' ids are simply not matched. */
export async function markRead(db: Executor, userId: string, ids: readonly number[] | undefined) {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, [...ids]) : undefined,
      ),
    );
}

export async function preferencesOf(db: Executor, email: string) {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.email, email))
    .limit(1);
  return row ?? null;
}

export async function savePreferences(db: Executor, email: string, mode: "imediato" | "resumo_diario") {
  await db
    .insert(notificationPreferences)
    .values({ email, newRequests: mode, lastDigestAt: sql`now()` })
    .onConflictDoUpdate({ target: notificationPreferences.email, set: { newRequests: mode } });
}

/** Of these addresses, those who chose the daily summary. */
export async function dailySummaryEmails(db: Executor, emails: readonly string[]) {
  if (!emails.length) return new Set<string>();
  const rows = await db
    .select({ email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(
      and(
        inArray(notificationPreferences.email, [...emails]),
        eq(notificationPreferences.newRequests, "resumo_diario"),
      ),
    );
  return new Set(rows.map((r) => r.email));
}

/**
 * Takes the daily summary of every member who chose it and has not had today's
 * (`since` is today's 8:00 in São Paulo): one statement, so of several
 * instances only one sends each summary. Answers who, and since when to list.
 */
export async function claimDailySummaries(db: Executor, since: Date) {
  const result = await db.execute(sql`
    update ${notificationPreferences} p
    set last_digest_at = now()
    from (select email, last_digest_at from ${notificationPreferences}
          where new_requests = 'resumo_diario' and (last_digest_at is null or last_digest_at < ${since.toISOString()}::timestamptz)
          for update skip locked) old
    where p.email = old.email
    returning p.email, old.last_digest_at as previous`);
  return result.rows as { email: string; previous: Date | string | null }[];
}

/** The accounts behind some addresses (a member of a team may not have signed up yet). */
export async function findUsersByEmail(db: Executor, emails: readonly string[]) {
  if (!emails.length) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      sql`${users.email} in (${sql.join(
        emails.map((e) => sql`${e}`),
        sql`, `,
      )})`,
    );
}
