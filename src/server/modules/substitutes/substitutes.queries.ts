import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { RequestRow } from "@/domain/requests/access";
import type { Executor } from "../../db/client";
import { requests, substitutes, teamMembers, users } from "../../db/schema";
import { fromStored } from "../requests/request-store";
import { absenceCovers } from "../review/stand-ins.queries";

/* 'Substituto' (docs/decisions/060): the choice, its candidates, and who is away today. */

/** The members of `email`'s teams with an active account, `userId` aside, by name. */
export async function candidatesOf(db: Executor, userId: string, email: string) {
  const rows = await db.execute(sql`
    select distinct u.id, u.name from ${users} u
    join ${teamMembers} m on m.email = u.email
    where m.team_id in (select team_id from ${teamMembers} where email = ${email})
      and u.id <> ${userId} and u.deactivated_at is null
    order by u.name`);
  return (rows.rows as { id: string; name: string }[]).map((r) => ({ id: r.id, nome: r.name || "Sem nome" }));
}

export async function substituteOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: users.id, nome: users.name })
    .from(substitutes)
    .innerJoin(users, eq(users.id, substitutes.substitutoId))
    .where(eq(substitutes.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function saveSubstitute(db: Executor, userId: string, substitutoId: string | null) {
  if (substitutoId === null) {
    await db.delete(substitutes).where(eq(substitutes.userId, userId));
    return;
  }
  await db
    .insert(substitutes)
    .values({ userId, substitutoId })
    .onConflictDoUpdate({
      target: substitutes.userId,
      set: { substitutoId, atualizadoEm: sql`now()` },
    });
}

/** Whoever has an approved absence covering `today` ('yyyy-mm-dd'). */
export async function awayOn(db: Executor, today: string): Promise<Set<string>> {
  const rows = await db.execute(sql`
    select distinct r.user_id from ${requests} r where ${absenceCovers(today)}`);
  return new Set((rows.rows as { user_id: string }[]).map((r) => r.user_id));
}

/** The open requests taken by these people. */
export async function openTakenBy(db: Executor, userIds: readonly string[]): Promise<RequestRow[]> {
  if (!userIds.length) return [];
  const rows = await db
    .select()
    .from(requests)
    .where(and(eq(requests.aberta, true), inArray(requests.assigneeId, [...userIds])));
  // The stored row's kind rides along: the handover's event and its live event name it.
  return rows.map((row) => ({ ...(fromStored(row) as RequestRow), kind: row.kind }));
}

/** Each person's substitute, with what deciding whether they can take over needs. */
export async function substitutesFor(db: Executor, userIds: readonly string[]) {
  if (!userIds.length) return new Map<string, { id: string; name: string; email: string }>();
  const rows = await db
    .select({ userId: substitutes.userId, id: users.id, name: users.name, email: users.email })
    .from(substitutes)
    .innerJoin(users, eq(users.id, substitutes.substitutoId))
    .where(and(inArray(substitutes.userId, [...userIds]), isNull(users.deactivatedAt)));
  return new Map(rows.map((r) => [r.userId, { id: r.id, name: r.name, email: r.email }]));
}

/** The team ids of each address. */
export async function teamIdsOf(db: Executor, emails: readonly string[]) {
  const byEmail = new Map<string, Set<string>>();
  if (!emails.length) return byEmail;
  const rows = await db
    .select({ email: teamMembers.email, teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(inArray(teamMembers.email, [...emails]));
  for (const r of rows) byEmail.set(r.email, (byEmail.get(r.email) ?? new Set()).add(r.teamId));
  return byEmail;
}

/**
 * Hands a request from the away reviewer to `to` (null: back to the queue), only if the away
 * reviewer still has it: two instances running the job at once hand it over once.
 */
export async function handOver(db: Executor, row: RequestRow, to: string | null) {
  const [moved] = await db
    .update(requests)
    .set({
      assigneeId: to,
      substitutingId: to ? (row.assigneeId as string) : null,
      version: sql`${requests.version} + 1`,
    })
    .where(
      and(
        eq(requests.id, row.id),
        eq(requests.assigneeId, row.assigneeId as string),
        eq(requests.aberta, true),
      ),
    )
    .returning({ id: requests.id });
  return Boolean(moved);
}
