import { asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { agencyDays, officeCalendar } from "../../db/schema";

/*
 * 'Feriados' (docs/decisions/060): the optional days the agency observes (one row, id 1, made on
 * the first save) and its own days (one per date). Both are small: the whole of them is read at
 * once, at every start and after every change.
 */

export type AgencyDayRow = { id: string; data: string; nome: string };

/** The OPTIONAL_DAYS keys the agency observes; none until someone saves them. */
export async function observedOptionalDays(db: Executor): Promise<string[]> {
  const [row] = await db
    .select({ facultativos: officeCalendar.facultativos })
    .from(officeCalendar)
    .where(eq(officeCalendar.id, 1));
  return row?.facultativos ?? [];
}

export async function saveObservedOptionalDays(db: Executor, keys: readonly string[], userId: string) {
  const values = { facultativos: [...keys], atualizadoEm: new Date(), atualizadoPor: userId };
  await db
    .insert(officeCalendar)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: officeCalendar.id, set: values });
}

/** Every agency day, by date. */
export async function listAgencyDays(db: Executor): Promise<AgencyDayRow[]> {
  return db
    .select({ id: agencyDays.id, data: agencyDays.data, nome: agencyDays.nome })
    .from(agencyDays)
    .orderBy(asc(agencyDays.data));
}

/** The new day, or null when the date already has one (the column is unique). */
export async function insertAgencyDay(
  db: Executor,
  day: { data: string; nome: string },
  userId: string,
): Promise<AgencyDayRow | null> {
  const [row] = await db
    .insert(agencyDays)
    .values({ ...day, criadoPor: userId })
    .onConflictDoNothing({ target: agencyDays.data })
    .returning({ id: agencyDays.id, data: agencyDays.data, nome: agencyDays.nome });
  return row ?? null;
}

/** Whether there was such a day. */
export async function deleteAgencyDay(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(agencyDays).where(eq(agencyDays.id, id)).returning({ id: agencyDays.id });
  return rows.length > 0;
}
