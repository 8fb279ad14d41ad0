import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { approvalPolicies, teamMembers, teams } from "../../db/schema";

export type TeamRow = typeof teams.$inferSelect;

/** The teams an address belongs to in the database, and the staff-area teams that configuration names. */
export async function teamsOfMember(db: Executor, email: string, configAreas: readonly string[]) {
  const member = sql`exists (select 1 from ${teamMembers} m where m.team_id = ${teams.id} and m.email = ${email})`;
  return db
    .select({
      id: teams.id,
      name: teams.name,
      kinds: teams.kinds,
      departamentos: teams.departamentos,
      area: teams.area,
      secondFactorRequired: teams.secondFactorRequired,
    })
    .from(teams)
    .where(configAreas.length ? or(member, inArray(teams.area, [...configAreas])) : member)
    .orderBy(asc(teams.name));
}

export async function listTeams(db: Executor) {
  const rows = await db.select().from(teams).orderBy(sql`${teams.name} collate "und-x-icu"`);
  const members = rows.length
    ? await db
        .select({ teamId: teamMembers.teamId, email: teamMembers.email })
        .from(teamMembers)
        .where(
          inArray(
            teamMembers.teamId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(teamMembers.email))
    : [];
  return rows.map((team) => ({
    ...team,
    members: members.filter((m) => m.teamId === team.id).map((m) => m.email),
  }));
}

export async function findTeam(db: Executor, id: string) {
  const [row] = await db.select().from(teams).where(eq(teams.id, id)).limit(1);
  if (!row) return null;
  const members = await db
    .select({ email: teamMembers.email })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, id))
    .orderBy(asc(teamMembers.email));
  return { ...row, members: members.map((m) => m.email) };
}

export async function insertTeam(
  db: Executor,
  values: { name: string; kinds: string[]; departamentos: string[]; secondFactorRequired?: boolean },
) {
  const [row] = await db.insert(teams).values(values).returning();
  return row!;
}

export async function updateTeam(
  db: Executor,
  id: string,
  values: { name: string; kinds: string[]; departamentos: string[]; secondFactorRequired?: boolean },
) {
  const [row] = await db
    .update(teams)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(teams.id, id))
    .returning();
  return row ?? null;
}

export async function deleteTeam(db: Executor, id: string) {
  const [row] = await db.delete(teams).where(eq(teams.id, id)).returning({ id: teams.id });
  return row ?? null;
}

/** Makes the team's members exactly `emails`; answers who was added and who removed. */
export async function replaceMembers(db: Executor, teamId: string, emails: readonly string[]) {
  const current = (
    await db.select({ email: teamMembers.email }).from(teamMembers).where(eq(teamMembers.teamId, teamId))
  ).map((m) => m.email);
  const wanted = [...new Set(emails)];
  const added = wanted.filter((e) => !current.includes(e));
  const removed = current.filter((e) => !wanted.includes(e));
  if (removed.length)
    await db
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.email, removed)));
  if (added.length)
    await db
      .insert(teamMembers)
      .values(added.map((email) => ({ teamId, email })))
      .onConflictDoNothing();
  return { added, removed };
}

/** Every member address of the teams that handle a request (for its e-mails and bell). */
export async function memberEmailsOf(db: Executor, teamIds: readonly string[]) {
  if (!teamIds.length) return [];
  const rows = await db
    .select({ email: teamMembers.email })
    .from(teamMembers)
    .where(inArray(teamMembers.teamId, [...teamIds]));
  return [...new Set(rows.map((r) => r.email))];
}

export async function listPolicies(db: Executor) {
  return db
    .select({
      kind: approvalPolicies.kind,
      thresholdCents: approvalPolicies.thresholdCents,
      teamId: approvalPolicies.teamId,
      teamName: teams.name,
    })
    .from(approvalPolicies)
    .innerJoin(teams, eq(teams.id, approvalPolicies.teamId))
    .orderBy(asc(approvalPolicies.kind));
}

export async function findPolicy(db: Executor, kind: string) {
  const [row] = await db.select().from(approvalPolicies).where(eq(approvalPolicies.kind, kind)).limit(1);
  return row ?? null;
}

export async function upsertPolicy(db: Executor, kind: string, thresholdCents: number, teamId: string) {
  await db
    .insert(approvalPolicies)
    .values({ kind, thresholdCents, teamId })
    .onConflictDoUpdate({
      target: approvalPolicies.kind,
      set: { thresholdCents, teamId, updatedAt: sql`now()` },
    });
}

export async function deletePolicy(db: Executor, kind: string) {
  const [row] = await db
    .delete(approvalPolicies)
    .where(eq(approvalPolicies.kind, kind))
    .returning({ kind: approvalPolicies.kind, teamId: approvalPolicies.teamId });
  return row ?? null;
}

/** All teams with what they handle: the routing of every new request reads these. */
export async function allTeamScopes(db: Executor) {
  return db
    .select({ id: teams.id, name: teams.name, kinds: teams.kinds, departamentos: teams.departamentos })
    .from(teams);
}
