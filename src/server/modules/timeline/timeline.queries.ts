import { and, asc, desc, eq, lt } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { events } from "../../db/schema";

/** Who did something, as the trail keeps them: by name and e-mail, outliving their account. */
export type Actor = { id: string | null; name: string; email: string | null };

export type NewEvent = {
  subjectKind: string;
  subjectId: string;
  actor: Actor;
  type: string;
  action?: string | null;
  fromStatus?: string | null;
  toStatus?: string | null;
  reason?: string | null;
  body?: string | null;
  internal?: boolean;
  data?: Record<string, unknown> | null;
};

/** Appends one event; the table refuses to change or lose it afterwards (migration 0007's trigger). */
export async function appendEvent(db: Executor, event: NewEvent) {
  const [row] = await appendEvents(db, [event]);
  return row!;
}

/** Several events in one statement (a bank's file moves many requests at once), in order. */
export async function appendEvents(db: Executor, list: readonly NewEvent[]) {
  if (!list.length) return [];
  return db
    .insert(events)
    .values(
      list.map((event) => ({
        subjectKind: event.subjectKind,
        subjectId: event.subjectId,
        actorId: event.actor.id,
        actorName: event.actor.name,
        actorEmail: event.actor.email,
        type: event.type,
        action: event.action ?? null,
        fromStatus: event.fromStatus ?? null,
        toStatus: event.toStatus ?? null,
        reason: event.reason ?? null,
        body: event.body ?? null,
        internal: event.internal ?? false,
        data: event.data ?? null,
      })),
    )
    .returning({ id: events.id, at: events.at });
}

/** A subject's events, oldest first; without `withInternal`, internal notes are left out by the database. */
export async function subjectEvents(
  db: Executor,
  subjectKind: string,
  subjectId: string,
  options: { withInternal: boolean },
) {
  return db
    .select()
    .from(events)
    .where(
      and(
        eq(events.subjectKind, subjectKind),
        eq(events.subjectId, subjectId),
        options.withInternal ? undefined : eq(events.internal, false),
      ),
    )
    .orderBy(asc(events.id));
}

/**
 * The `size` latest events of a subject before event `before` (all of them
 * without it), oldest first, and whether there are earlier ones. Events only
 * grow, in id order, so the id is the page's cursor.
 */
export async function subjectEventsPage(
  db: Executor,
  subjectKind: string,
  subjectId: string,
  options: { withInternal: boolean; before?: number | undefined; size: number },
) {
  const rows = await db
    .select()
    .from(events)
    .where(
      and(
        eq(events.subjectKind, subjectKind),
        eq(events.subjectId, subjectId),
        options.withInternal ? undefined : eq(events.internal, false),
        options.before === undefined ? undefined : lt(events.id, options.before),
      ),
    )
    .orderBy(desc(events.id))
    .limit(options.size + 1);
  return { events: rows.slice(0, options.size).reverse(), earlier: rows.length > options.size };
}

/** The reason given with the latest `action` on a subject (its 'Pedir ajuste'), wherever its timeline pages. */
export async function latestReason(db: Executor, subjectKind: string, subjectId: string, action: string) {
  const [row] = await db
    .select({ reason: events.reason })
    .from(events)
    .where(
      and(eq(events.subjectKind, subjectKind), eq(events.subjectId, subjectId), eq(events.action, action)),
    )
    .orderBy(desc(events.id))
    .limit(1);
  return row?.reason ?? null;
}
