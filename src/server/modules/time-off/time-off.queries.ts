import { and, eq, sql } from "drizzle-orm";
import type { StoredVacation } from "@/domain/time-off/stored-vacations";
import type { Executor } from "../../db/client";
import { requests, staffRecords, unjustifiedAbsences, users } from "../../db/schema";
import { fieldSql } from "../requests/request-store";

/*
 * The SQL of vacation balances (docs/decisions/060): admission dates and unjustified absences by
 * e-mail, and the 'Férias' requests that count (refused and cancelled ones free their days).
 */

const VACATIONS = sql`r.kind = 'ausencia' and r.status not in ('recusado', 'cancelada')
  and ${fieldSql("ausencia", "tipo")} = 'ferias'`;

type VacationRow = {
  id: string;
  user_id: string;
  status: string;
  created_on: string;
  first: string;
  last: string;
  sold: string | number | null;
  period_start: string | null;
};

const VACATION_COLUMNS = sql`r.id, r.user_id, r.status,
  to_char(r.created_at at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as created_on,
  ${fieldSql("ausencia", "primeiroDia")} as first, ${fieldSql("ausencia", "ultimoDia")} as last,
  ${fieldSql("ausencia", "diasVendidos")} as sold, ${fieldSql("ausencia", "periodoAquisitivo")} as period_start`;

export type StoredVacationRow = StoredVacation & { userId: string; createdOn: string };

const toStored = (row: VacationRow): StoredVacationRow => ({
  id: row.id,
  userId: row.user_id,
  createdOn: row.created_on,
  first: row.first,
  last: row.last,
  soldDays: Number(row.sold ?? 0) || 0,
  status: row.status,
  periodStart: row.period_start,
});

/** One person's 'Férias' requests that count, oldest first. */
export async function vacationsOf(db: Executor, userId: string): Promise<StoredVacationRow[]> {
  const result = await db.execute(sql`
    select ${VACATION_COLUMNS} from ${requests} r
    where ${VACATIONS} and r.user_id = ${userId} order by r.created_at`);
  return (result.rows as VacationRow[]).map(toStored);
}

/** Everyone's 'Férias' requests that count. */
export async function everyVacation(db: Executor): Promise<StoredVacationRow[]> {
  const result = await db.execute(sql`
    select ${VACATION_COLUMNS} from ${requests} r where ${VACATIONS} order by r.created_at`);
  return (result.rows as VacationRow[]).map(toStored);
}

/** The account's address and its admission date, if RH recorded one. */
export async function staffRecordOfUser(db: Executor, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name, admission: staffRecords.dataAdmissao })
    .from(users)
    .leftJoin(staffRecords, eq(staffRecords.email, users.email))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export async function unjustifiedDaysOf(db: Executor, email: string): Promise<string[]> {
  const rows = await db
    .select({ data: unjustifiedAbsences.data })
    .from(unjustifiedAbsences)
    .where(eq(unjustifiedAbsences.email, email));
  return rows.map((row) => row.data);
}

export async function setAdmission(db: Executor, email: string, date: string, by: string) {
  await db
    .insert(staffRecords)
    .values({ email, dataAdmissao: date, atualizadoPor: by })
    .onConflictDoUpdate({
      target: staffRecords.email,
      set: { dataAdmissao: date, atualizadoPor: by, atualizadoEm: sql`now()` },
    });
}

export async function clearAdmission(db: Executor, email: string) {
  await db.delete(staffRecords).where(eq(staffRecords.email, email));
}

/** Many admission dates in one statement (the CSV import). */
export async function setAdmissions(
  db: Executor,
  rows: readonly { email: string; date: string }[],
  by: string,
) {
  const CHUNK = 1000;
  for (let at = 0; at < rows.length; at += CHUNK) {
    await db
      .insert(staffRecords)
      .values(
        rows
          .slice(at, at + CHUNK)
          .map((row) => ({ email: row.email, dataAdmissao: row.date, atualizadoPor: by })),
      )
      .onConflictDoUpdate({
        target: staffRecords.email,
        set: {
          dataAdmissao: sql`excluded.data_admissao`,
          atualizadoPor: by,
          atualizadoEm: sql`now()`,
        },
      });
  }
}

export async function listUnjustified(db: Executor, email: string) {
  return db
    .select({
      id: unjustifiedAbsences.id,
      email: unjustifiedAbsences.email,
      data: unjustifiedAbsences.data,
      observacao: unjustifiedAbsences.observacao,
    })
    .from(unjustifiedAbsences)
    .where(eq(unjustifiedAbsences.email, email))
    .orderBy(unjustifiedAbsences.data);
}

/** The new row's id, or null when the day was already recorded for the person. */
export async function insertUnjustified(
  db: Executor,
  row: { email: string; data: string; observacao: string | null; by: string },
) {
  const [saved] = await db
    .insert(unjustifiedAbsences)
    .values({ email: row.email, data: row.data, observacao: row.observacao, registradoPor: row.by })
    .onConflictDoNothing()
    .returning({ id: unjustifiedAbsences.id });
  return saved?.id ?? null;
}

export async function deleteUnjustified(db: Executor, id: string) {
  const [gone] = await db
    .delete(unjustifiedAbsences)
    .where(and(eq(unjustifiedAbsences.id, id)))
    .returning({ id: unjustifiedAbsences.id });
  return gone ?? null;
}

/** The people RH sees: every active account and everyone with an admission date, with their absences' count. */
export async function teamPeople(db: Executor) {
  const result = await db.execute(sql`
    with people as (
      select u.id as user_id, u.email, u.name from ${users} u where u.deactivated_at is null
      union all
      select null, s.email, null from ${staffRecords} s
      where not exists (select 1 from ${users} u where u.email = s.email)
    )
    select p.user_id, p.email, p.name, s.data_admissao as admission,
      coalesce((select array_agg(f.data::text) from ${unjustifiedAbsences} f where f.email = p.email), '{}') as absences
    from people p left join ${staffRecords} s on s.email = p.email`);
  return result.rows as {
    user_id: string | null;
    email: string;
    name: string | null;
    admission: string | null;
    absences: string[] | string;
  }[];
}

/** Absences of one person stored over each other (before the no-overlap rule), each pair once. */
export async function storedOverlaps(db: Executor) {
  const first = fieldSql("ausencia", "primeiroDia");
  const last = fieldSql("ausencia", "ultimoDia");
  const result = await db.execute(sql`
    with a as (
      select r.id, r.user_id, r.status, r.created_at, ${first} as first, ${last} as last
      from ${requests} r where r.kind = 'ausencia' and r.status not in ('recusado', 'cancelada')
    )
    select u.name, u.email, x.id as a_id, x.first as a_first, x.last as a_last, x.status as a_status,
      y.id as b_id, y.first as b_first, y.last as b_last, y.status as b_status
    from a x join a y on x.user_id = y.user_id and (x.created_at, x.id) < (y.created_at, y.id)
      and x.first <= y.last and y.first <= x.last
    join ${users} u on u.id = x.user_id
    order by x.first, u.email
    limit 500`);
  return result.rows as Record<string, string>[];
}
