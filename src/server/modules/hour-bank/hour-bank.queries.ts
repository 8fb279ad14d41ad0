import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { SHOWN_STATE } from "@/domain/absences/api";
import type { Executor } from "../../db/client";
import { hourBank, users } from "../../db/schema";
import { fieldSql } from "../requests/request-store";

/*
 * 'Banco de horas' (docs/decisions/060): the credits are rows of `banco_de_horas`; the debits are
 * the approved 'Banco de horas' absences themselves, read here each time (decision 060 says why).
 */

export type Person = { id: string; email: string; nome: string };
export type CreditRow = { id: string; email: string; data: string; minutos: number; motivo: string };
export type DebitRow = {
  email: string;
  id: string;
  primeiroDia: string;
  ultimoDia: string;
  diasUteis: number;
};

/** The active accounts, by name; or those among `ids`. */
export async function activePeople(db: Executor, ids?: readonly string[]): Promise<Person[]> {
  if (ids && !ids.length) return [];
  return db
    .select({ id: users.id, email: users.email, nome: users.name })
    .from(users)
    .where(and(isNull(users.deactivatedAt), ids ? inArray(users.id, [...ids]) : undefined))
    .orderBy(asc(users.name), asc(users.email));
}

export async function activePersonByEmail(db: Executor, email: string): Promise<Person | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, nome: users.name })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deactivatedAt)));
  return row ?? null;
}

/** The credits of these people (lower-case e-mails), oldest first, in the order recorded. */
export async function creditsOf(db: Executor, emails: readonly string[]): Promise<CreditRow[]> {
  if (!emails.length) return [];
  return db
    .select({
      id: hourBank.id,
      email: hourBank.email,
      data: hourBank.data,
      minutos: hourBank.minutos,
      motivo: hourBank.motivo,
    })
    .from(hourBank)
    .where(and(inArray(hourBank.email, [...emails]), sql`${hourBank.minutos} > 0`))
    .orderBy(asc(hourBank.data), asc(hourBank.registradoEm));
}

/** The approved 'Banco de horas' absences of these people, with their stored working days. */
export async function bankAbsencesOf(db: Executor, emails: readonly string[]): Promise<DebitRow[]> {
  if (!emails.length) return [];
  const result = await db.execute(sql`select lower(u.email) as email, r.id::text as id,
      ${fieldSql("ausencia", "primeiroDia")} as primeiro, ${fieldSql("ausencia", "ultimoDia")} as ultimo,
      ${fieldSql("ausencia", "diasUteis")} as dias
    from requests r join users u on u.id = r.user_id
    where r.kind = 'ausencia' and r.status = ${SHOWN_STATE} and ${fieldSql("ausencia", "tipo")} = 'banco_horas'
      and lower(u.email) in (${sql.join(
        emails.map((email) => sql`${email}`),
        sql`, `,
      )})
    order by 3, 2`);
  return (result.rows as { email: string; id: string; primeiro: string; ultimo: string; dias: string }[]).map(
    (row) => ({
      email: row.email,
      id: row.id,
      primeiroDia: row.primeiro,
      ultimoDia: row.ultimo,
      diasUteis: Number(row.dias) || 0,
    }),
  );
}

export async function insertCredit(
  db: Executor,
  credit: { email: string; minutos: number; data: string; motivo: string; registradoPor: string },
) {
  await db.insert(hourBank).values(credit);
}
