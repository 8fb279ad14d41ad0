import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { requests, sessions, staffRecords, teamMembers, teams, users } from "../../db/schema";

/** At most this many people in one answer; 'Buscar' narrows a larger company's list. */
export const PEOPLE_PAGE = 200;

/** Every account, or those whose name or e-mail holds `search`, with the teams they are members of. */
export async function listPeople(db: Executor, search: string | undefined) {
  const like = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const result = await db.execute(sql`
    select u.id, u.email, u.name, u.last_sign_in_at, u.deactivated_at,
      (select s.data_admissao::text from ${staffRecords} s where s.email = u.email) as admission,
      coalesce((select array_agg(t.name order by t.name) from ${teamMembers} m
        join ${teams} t on t.id = m.team_id where m.email = u.email), '{}') as team_names
    from ${users} u
    ${like ? sql`where u.name ilike ${like} or u.email ilike ${like}` : sql``}
    order by u.deactivated_at is not null, lower(coalesce(nullif(u.name, ''), u.email)), u.email
    limit ${PEOPLE_PAGE}`);
  return result.rows as {
    id: string;
    email: string;
    name: string;
    last_sign_in_at: string | Date | null;
    deactivated_at: string | Date | null;
    admission: string | null;
    team_names: string[] | string;
  }[];
}

export async function findPerson(db: Executor, id: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

/** Switches the account off if it is on; null when it already was (or is gone). */
export async function markDeactivated(db: Executor, id: string) {
  const [row] = await db
    .update(users)
    .set({ deactivatedAt: sql`now()` })
    .where(and(eq(users.id, id), isNull(users.deactivatedAt)))
    .returning({ email: users.email });
  return row ?? null;
}

export async function markReactivated(db: Executor, id: string) {
  const [row] = await db
    .update(users)
    .set({ deactivatedAt: null })
    .where(and(eq(users.id, id), isNotNull(users.deactivatedAt)))
    .returning({ email: users.email });
  return row ?? null;
}

/** Takes the address out of every team; the teams it left, by id and name. */
export async function leaveEveryTeam(db: Executor, email: string) {
  const left = await db
    .delete(teamMembers)
    .where(eq(teamMembers.email, email))
    .returning({ teamId: teamMembers.teamId });
  return left.map((row) => row.teamId);
}

/** The open requests the person had taken ('Assumir'), given back to their teams' queue. */
export async function releaseTakenRequests(db: Executor, userId: string) {
  return db
    .update(requests)
    .set({ assigneeId: null })
    .where(and(eq(requests.assigneeId, userId), eq(requests.aberta, true)))
    .returning();
}

export async function endEverySession(db: Executor, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Of these addresses, those of deactivated accounts (no e-mail goes to them). */
export async function deactivatedAmong(db: Executor, emails: readonly string[]) {
  if (!emails.length) return new Set<string>();
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        isNotNull(users.deactivatedAt),
        sql`${users.email} in (${sql.join(
          emails.map((e) => sql`${e}`),
          sql`, `,
        )})`,
      ),
    );
  return new Set(rows.map((r) => r.email));
}
