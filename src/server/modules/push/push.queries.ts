import { desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { pushKeys, pushSubscriptions, sessions } from "../../db/schema";

/*
 * Web push's SQL (docs/decisions/061-web-push.md). A subscription's queued
 * pushes are `outbox` rows of kind 'push' naming it (source_table
 * 'push_subscriptions'); removing a subscription removes those still queued, so
 * nothing meant for it is sent to whoever holds the endpoint next.
 */

export const PUSH_OUTBOX_KIND = "push";
const SOURCE_TABLE = "push_subscriptions";

export type VapidKeys = { publicKey: string; privateKey: string };

export async function readVapidKeys(db: Executor): Promise<VapidKeys | null> {
  const [row] = await db
    .select({ publicKey: pushKeys.publicKey, privateKey: pushKeys.privateKey })
    .from(pushKeys)
    .where(eq(pushKeys.id, 1));
  return row ?? null;
}

/** Stores a pair unless one is there already: of instances starting together, the first insert wins. */
export async function insertVapidKeysOnce(db: Executor, keys: VapidKeys): Promise<void> {
  await db
    .insert(pushKeys)
    .values({ id: 1, ...keys })
    .onConflictDoNothing();
}

/** The person's sessions and their tokens: the service finds the request's own by its cache key. */
export async function ownSessionTokens(db: Executor, userId: string) {
  return db
    .select({ id: sessions.id, token: sessions.token })
    .from(sessions)
    .where(eq(sessions.userId, userId));
}

export type NewSubscription = {
  userId: string;
  sessionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
};

/**
 * Stores the browser's subscription for this person and session. An endpoint
 * stored for someone else (the browser changed hands) is removed first, with
 * what was queued for it; the same person's is refreshed.
 */
export async function saveSubscription(db: Executor, row: NewSubscription, keep: number) {
  await db.execute(sql`
    with gone as (
      delete from ${pushSubscriptions} where endpoint = ${row.endpoint} and user_id <> ${row.userId} returning id
    )
    delete from outbox where kind = ${PUSH_OUTBOX_KIND} and source_table = ${SOURCE_TABLE}
      and source_id in (select id::text from gone) and status = 'pending'`);
  const [saved] = await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        sessionId: row.sessionId,
        p256dh: row.p256dh,
        auth: row.auth,
        userAgent: row.userAgent,
      },
    })
    .returning();
  await removeBeyondNewest(db, row.userId, keep);
  return saved!;
}

/** Keeps a person's `keep` newest subscriptions. */
async function removeBeyondNewest(db: Executor, userId: string, keep: number) {
  await db.execute(sql`
    with gone as (
      delete from ${pushSubscriptions} where user_id = ${userId} and id not in (
        select id from ${pushSubscriptions} where user_id = ${userId} order by created_at desc, id limit ${keep})
      returning id
    )
    delete from outbox where kind = ${PUSH_OUTBOX_KIND} and source_table = ${SOURCE_TABLE}
      and source_id in (select id::text from gone) and status = 'pending'`);
}

export async function listSubscriptions(db: Executor, userId: string) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt));
}

/**
 * Removes subscriptions and what is queued for them: one of a person's (`id`),
 * or all of a person's (deactivation), or one by id whoever owns it (the push
 * service said it is gone). Answers how many.
 */
export async function removeSubscriptions(
  db: Executor,
  which: { userId: string; id?: string } | { id: string },
): Promise<number> {
  const owner = "userId" in which ? sql`and user_id = ${which.userId}` : sql``;
  const one = which.id === undefined ? sql`` : sql`and id = ${which.id}::uuid`;
  const result = await db.execute(sql`
    with gone as (delete from ${pushSubscriptions} where true ${owner} ${one} returning id),
    dropped as (
      delete from outbox where kind = ${PUSH_OUTBOX_KIND} and source_table = ${SOURCE_TABLE}
        and source_id in (select id::text from gone) and status = 'pending'
    )
    select count(*)::int as n from gone`);
  return Number((result.rows[0] as { n: number }).n);
}

export async function findSubscription(db: Executor, id: string) {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row ?? null;
}

export async function markPushed(db: Executor, id: string) {
  await db.update(pushSubscriptions).set({ lastSuccessAt: sql`now()` }).where(eq(pushSubscriptions.id, id));
}

/**
 * The outbox rows of a bell's notifications, one per subscription of each
 * person told, as a SQL fragment for the statement that writes the bell
 * (notifications.queries.ts): `people` are (user id, payload) pairs.
 */
export function queuePushesFor(people: readonly { userId: string; payload: object }[]) {
  const values = sql.join(
    people.map((p) => sql`(${p.userId}, ${JSON.stringify(p.payload)}::jsonb)`),
    sql`, `,
  );
  return sql`insert into outbox (id, kind, payload, source_table, source_id)
    select gen_random_uuid(), ${PUSH_OUTBOX_KIND},
      jsonb_build_object('inscricao', s.id::text, 'mensagem', p.payload), ${SOURCE_TABLE}, s.id::text
    from (values ${values}) as p(user_id, payload)
    join ${pushSubscriptions} s on s.user_id = p.user_id`;
}
