import { eq, sql } from "drizzle-orm";
import { CALENDAR_KINDS, SHOWN_STATE } from "@/domain/absences/api";
import type { NamedPeriod, OwnAbsence } from "@/domain/absences/feeds";
import { kindMeta } from "@/domain/requests/kinds/meta";
import type { Executor } from "../../db/client";
import { calendarFeeds, requests, users } from "../../db/schema";
import { fieldSql } from "../requests/request-store";

/*
 * 'Assinar calendário' (docs/decisions/060): the hash of each person's secret address, and what
 * the two feeds read. The 'Quem está fora' feed reads the same periods as the page (its
 * absences.queries), with each request's id for a stable UID; nothing else of the request.
 */

/** The person's address, replacing any previous one: one row per person. */
export async function saveFeedHash(db: Executor, userId: string, tokenHash: string): Promise<Date> {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, criadoEm: sql`now()` } })
    .returning({ criadoEm: calendarFeeds.criadoEm });
  return row!.criadoEm;
}

export async function feedCreatedAt(db: Executor, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ criadoEm: calendarFeeds.criadoEm })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row?.criadoEm ?? null;
}

export async function deleteFeed(db: Executor, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** The owner of an address, if it exists and their account is active. */
export async function activeOwnerOf(db: Executor, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: users.id, deactivatedAt: users.deactivatedAt })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, tokenHash));
  return row && row.deactivatedAt === null ? row.userId : null;
}

/** Every calendar kind's approved periods touching `first`..`last`, with their request's id. */
export async function approvedPeriodsBetween(
  db: Executor,
  first: string,
  last: string,
): Promise<NamedPeriod[]> {
  if (!CALENDAR_KINDS.length) return [];
  const periods = sql.join(
    CALENDAR_KINDS.map((kind) => {
      const calendar = kindMeta(kind).calendar!;
      return sql`select r.id::text as id, ${fieldSql(kind, "nome")} as nome,
        ${fieldSql(kind, calendar.first)} as primeiro, ${fieldSql(kind, calendar.last)} as ultimo
        from ${requests} r where r.kind = ${kind} and r.status = ${SHOWN_STATE}`;
    }),
    sql` union all `,
  );
  const result = await db.execute(sql`select id, nome, primeiro, ultimo from (${periods}) p
    where p.primeiro <= ${last} and p.ultimo >= ${first} order by p.primeiro, p.nome, p.id`);
  return (result.rows as { id: string; nome: string | null; primeiro: string; ultimo: string }[]).map(
    (row) => ({ id: row.id, nome: row.nome ?? "", primeiroDia: row.primeiro, ultimoDia: row.ultimo }),
  );
}

/** The states of an absence the person's own feed shows: waiting for RH, or approved. */
const OWN_STATES = ["pendente", "em_analise", SHOWN_STATE] as const;

/** The person's own absences touching `first`..`last`, approved or waiting. */
export async function ownAbsencesBetween(
  db: Executor,
  userId: string,
  first: string,
  last: string,
): Promise<OwnAbsence[]> {
  const result =
    await db.execute(sql`select r.id::text as id, r.status, ${fieldSql("ausencia", "tipo")} as tipo,
      ${fieldSql("ausencia", "primeiroDia")} as primeiro, ${fieldSql("ausencia", "ultimoDia")} as ultimo
    from ${requests} r
    where r.kind = 'ausencia' and r.user_id = ${userId}
      and r.status in (${sql.join(
        OWN_STATES.map((state) => sql`${state}`),
        sql`, `,
      )})
      and ${fieldSql("ausencia", "primeiroDia")} <= ${last} and ${fieldSql("ausencia", "ultimoDia")} >= ${first}
    order by 4, 1`);
  return (
    result.rows as { id: string; status: string; tipo: string; primeiro: string; ultimo: string }[]
  ).map((row) => ({
    id: row.id,
    tipo: row.tipo,
    primeiroDia: row.primeiro,
    ultimoDia: row.ultimo,
    aprovada: row.status === SHOWN_STATE,
  }));
}
